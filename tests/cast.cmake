# Shape casts (src/cast3.c, toi3.c, cast2.c, toi2.c): time of impact of two moving shapes. test_cast3_exact checks
# linear 3D casts against qhull's Minkowski difference (oracle3.c); test_cast3 and test_cast2 check closed forms,
# every shape kind with and without rotation (no earlier contact by dense sampling), the hazards and bad input;
# test_cast2_polygons compares the closed form of two sharp polygons' linear cast with the GJK ray cast;
# test_cast_regress holds one named test per hazard met, its input written out.
gjk_add_test(test_cast3_exact test_cast3_exact.c oracle3.c)
gjk_add_test(test_cast3 test_cast3.c oracle3.c)
gjk_add_test(test_cast2 test_cast2.c oracle2.c)
gjk_add_test(test_cast2_polygons test_cast2_polygons.c)
gjk_add_test(test_cast_regress test_cast_regress.c)
