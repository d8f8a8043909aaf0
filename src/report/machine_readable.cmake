# The machine-readable outputs (spreadsheet CSV and JSON, written and read); included by CMakeLists.txt here.
find_package(nlohmann_json 3 REQUIRED)
target_sources(benchcore PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/csv_field.cpp
  ${CMAKE_CURRENT_LIST_DIR}/result_keywords.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spreadsheet_csv.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_document.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_report.cpp)
target_link_libraries(benchcore PRIVATE nlohmann_json::nlohmann_json)
