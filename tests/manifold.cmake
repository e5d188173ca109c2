# Contact manifolds (src/manifold3.c, src/feature3.c, src/manifold2.c): named cases from peers' reports, exact
# answers, and random pairs of every kind checked point by point (qhull for polytopes, oracle2.c in 2D); feature ids
# under nudges, exchanged roles and frame sequences (test_manifold_ids.c, both dimensions); the box-box path
# against the general one (test_manifold3_box.c).
gjk_add_test(test_manifold3_random test_manifold3_random.c manifold3_check.c oracle3.c)
gjk_add_test(test_manifold3 test_manifold3.c manifold3_check.c oracle3.c)
gjk_add_test(test_manifold2 test_manifold2.c oracle2.c)
gjk_add_test(test_manifold3_features test_manifold3_features.c manifold3_check.c oracle3.c)
gjk_add_test(test_manifold_ids test_manifold_ids.c)
gjk_add_test(test_manifold3_box test_manifold3_box.c)
gjk_add_test(test_manifold2_paths test_manifold2_paths.c)
