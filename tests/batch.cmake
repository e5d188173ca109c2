# Batches (gjk/batch.h, src/batch.c) and the threads helper (gjk/threads.h, src/threads/parallel.c, library
# gjk_threads): every item equal to the single call in every addressing mode, ranges, caches, bad addressing, and
# gjk_parallel_for on several thread counts and grains.
gjk_add_test(test_batch test_batch.c)
target_link_libraries(test_batch PRIVATE gjk_threads)
