# Hull construction (src/hull3.c, src/hull2.c) against qhull.
gjk_add_test(test_hull test_hull.c)
