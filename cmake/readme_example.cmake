# Writes the README's "Adding an optimizer" C++ block to ${OUTPUT} (only when it changed),
# so that the tests compile the example exactly as the README shows it
# (tests/readme/add_optimizer_test.cpp runs it). Included by CMakeLists.txt; README.md is a
# configure dependency, so editing the example rebuilds the test.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/README.md)
file(READ ${CMAKE_SOURCE_DIR}/README.md readme)
set(fence "```")
string(FIND "${readme}" "## Adding an optimizer" at)
if(at GREATER_EQUAL 0)
  string(SUBSTRING "${readme}" ${at} -1 readme)
  string(FIND "${readme}" "${fence}cpp\n" at)
endif()
if(at LESS 0)
  message(FATAL_ERROR "README.md: no ${fence}cpp block under '## Adding an optimizer' (the tests compile it)")
endif()
math(EXPR at "${at} + 7")
string(SUBSTRING "${readme}" ${at} -1 readme)
string(FIND "${readme}" "${fence}" end)
string(SUBSTRING "${readme}" 0 ${end} example)
file(CONFIGURE OUTPUT ${OUTPUT} CONTENT "${example}" @ONLY)
