# Ray casts (src/ray3.c, src/ray_closed3.c, src/ray2.c, src/ray_closed2.c): exact answers from independent
# long-double references (test_ray_ref.c), consistency with the signed-distance queries for every shape kind,
# named hazards, bad input.
gjk_add_test(test_ray3 test_ray3.c test_ray_ref.c)
gjk_add_test(test_ray3_shapes test_ray3_shapes.c test_ray_ref.c)
gjk_add_test(test_ray2 test_ray2.c test_ray_ref.c)
gjk_add_test(test_ray_named test_ray_named.c test_ray_ref.c)
