# Runs test_determinism in hash mode twice (two processes, so two address-space layouts) and fails unless both
# print the same hash of all the answers: bit-identical across runs.
# Usage: cmake -DEXE=path/to/test_determinism -P determinism_runs.cmake
foreach(run 1 2)
  execute_process(COMMAND ${EXE} hash OUTPUT_VARIABLE hash${run} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "run ${run} failed: ${rc}")
  endif()
endforeach()
if(NOT hash1 STREQUAL hash2)
  message(FATAL_ERROR "answers differ between runs: ${hash1} vs ${hash2}")
endif()
message(STATUS "two runs, same answers: ${hash1}")
