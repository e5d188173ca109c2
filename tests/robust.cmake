# answers across threads.
find_package(Threads REQUIRED)
gjk_add_test(test_determinism test_determinism.c)
target_link_libraries(test_determinism PRIVATE Threads::Threads)
add_test(NAME determinism_runs
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:test_determinism> -P ${CMAKE_CURRENT_SOURCE_DIR}/determinism_runs.cmake)
