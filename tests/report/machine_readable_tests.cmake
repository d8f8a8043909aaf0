# Tests of the machine-readable outputs (spreadsheet CSV, JSON); included by CMakeLists.txt here.
find_package(nlohmann_json 3 REQUIRED)
target_sources(bench_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/machine_readable_samples.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spreadsheet_csv_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_report_test.cpp)
target_link_libraries(bench_tests PRIVATE nlohmann_json::nlohmann_json)
