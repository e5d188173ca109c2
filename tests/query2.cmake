# 2D shapes and queries (src/shape2.c, gjk2.c, epa2.c, query2.c). oracle2.c is the tests' brute-force reference in
# double, check2.c the shared per-pair checks.
gjk_add_test(test_query2 test_query2.c check2.c oracle2.c)
gjk_add_test(test_edge2 test_edge2.c check2.c oracle2.c)
gjk_add_test(test_shape2 test_shape2.c check2.c oracle2.c)
