# 2D shapes and queries (src/shape2.c, gjk2.c, epa2.c, query2.c). oracle2.c is the tests' brute-force reference in
# double, check2.c the shared per-pair checks.
gjk_add_test(test_query2 test_query2.c check2.c oracle2.c)
gjk_add_test(test_edge2 test_edge2.c check2.c oracle2.c)
gjk_add_test(test_shape2 test_shape2.c check2.c oracle2.c)
# Query options in both dimensions (gjk_query3 / gjk_query2): invalid options, NULL = the named queries bit for bit,
# iteration caps, and a large tolerance on curved 3D shapes.
gjk_add_test(test_options test_options.c)
