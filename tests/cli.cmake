# Tests of the gjk command-line tool (tools/): tests/cli_test.sh runs the tool on the bundled examples, on scenes
# with known answers and on invalid scenes; tests/cli_test.py (python3, standard library only) checks the JSON,
# tests/render_test.py the SVG of gjk render.
# Included by tests/CMakeLists.txt; skipped when the tool is not built (GJK_BUILD_TOOLS=OFF).
if(TARGET gjk_cli)
  find_program(GJK_SH sh)
  find_program(GJK_PYTHON3 NAMES python3 HINTS /usr/bin)
  if(NOT GJK_SH)
    message(STATUS "gjk: sh not found, CLI tests disabled")
    return()
  endif()
  foreach(case examples known stdin pairs errors badinput usage tolerance keys rotation render manifold raycast cast
      contact_errors world world_errors compound compound_errors)
    add_test(NAME cli_${case}
      COMMAND ${GJK_SH} ${CMAKE_CURRENT_SOURCE_DIR}/cli_test.sh $<TARGET_FILE:gjk_cli> ${PROJECT_SOURCE_DIR} ${case})
    # 77: python3 missing, the test reports itself skipped.
    set_tests_properties(cli_${case} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
    if(GJK_PYTHON3)
      set_tests_properties(cli_${case} PROPERTIES ENVIRONMENT "GJK_PYTHON3=${GJK_PYTHON3}")
    endif()
  endforeach()
endif()
