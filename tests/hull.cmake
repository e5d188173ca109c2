# Hull construction (src/hull3.c, src/hull2.c) against qhull.
gjk_add_test(test_hull test_hull.c)
# Hull support queries (lookup cells + hill climbing in shape3.c) against a scan of the input points.
gjk_add_test(test_hull_support test_hull_support.c)
