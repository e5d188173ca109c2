# Two cylinders' start for GJK (src/cylinder3.c) against GJK's cold start on the same cylinders as user shapes.
gjk_add_test(test_cylinder3 test_cylinder3.c)
