# Exact-answer tests of the 3D queries against an independent oracle (qhull on the Minkowski difference, closed
# forms): test_exact3_oracle checks the oracle alone; test_exact3 and test_exact3_more check the library against it
# (two executables so that ctest -j runs them side by side). Each prints its pair counts and largest errors
# (ctest -V). GJK_TEST_SCALE in the environment scales the pair counts (default 1: 10,000 pairs per family).
gjk_add_test(test_exact3_oracle test_exact3_oracle.c oracle3.c)
gjk_add_test(test_exact3 test_exact3.c test_exact3_body.c test_exact3_check.c oracle3.c)
gjk_add_test(test_exact3_more test_exact3_more.c test_exact3_body.c test_exact3_check.c oracle3.c)
gjk_add_test(test_bounds3_curved test_bounds3_curved.c oracle3.c)
# Normals to the precision of gjk_real on well-separated and clearly overlapping pairs, every shape kind, 2D and 3D.
gjk_add_test(test_normals test_normals.c test_exact3_body.c test_exact3_check.c oracle3.c oracle2.c)
