# Robustness tests (issue 4): degenerate geometry with exact answers, bad input through the API, and bit-identical
# answers across threads. Each suite is split for size: the cases in test_*.c (each its own executable and CTest
# test), the shared machinery in *_check.c.
gjk_add_test(test_degenerate3 test_degenerate3.c degenerate3_check.c oracle3.c)
gjk_add_test(test_degenerate3_curved test_degenerate3_curved.c degenerate3_check.c oracle3.c)
gjk_add_test(test_degenerate2 test_degenerate2.c degenerate2_check.c oracle2.c)
gjk_add_test(test_badinput test_badinput.c badinput_check.c)
gjk_add_test(test_badinput_hulls test_badinput_hulls.c badinput_check.c)
find_package(Threads REQUIRED)
gjk_add_test(test_determinism test_determinism.c)
target_link_libraries(test_determinism PRIVATE Threads::Threads)
add_test(NAME determinism_runs
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:test_determinism> -P ${CMAKE_CURRENT_SOURCE_DIR}/determinism_runs.cmake)
