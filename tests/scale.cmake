# Answers at every accepted scale (powers of two), every shape kind and entry point, 2D and 3D.
gjk_add_test(test_scale test_scale.c)
