target_sources(benchcore PRIVATE latency_table.cpp)
