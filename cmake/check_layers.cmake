# Fails when a source file includes a header from a layer above its own, printing each
# offending include. The layers (each may include only itself and what is listed):
#
#   cli, python    everything below (python/: the pybind11 module beside the CLI)
#   reproductions  runners, analysis, surrogates, hpobench_tables, results, hdf5, core
#   runners        results, hdf5, core       analysis    results, core
#   optimizers     acquisitions, surrogates, core
#   acquisitions   surrogates, core
#   surrogates     core                      hpobench_tables   hdf5, core
#   testfunctions  core                      results           hdf5, core
#   hdf5           core
#   core           -
#
# Run as `cmake -DSOURCE_DIR=<repo> -P cmake/check_layers.cmake`; the build runs it before
# compiling anything (target check_layers).
set(allowed_core "core")
set(allowed_hdf5 "hdf5;core")
set(allowed_results "results;hdf5;core")
set(allowed_testfunctions "testfunctions;core")
set(allowed_hpobench_tables "hpobench_tables;hdf5;core")
set(allowed_surrogates "surrogates;core")
set(allowed_acquisitions "acquisitions;surrogates;core")
set(allowed_optimizers "optimizers;acquisitions;surrogates;core")
set(allowed_runners "runners;results;hdf5;core")
set(allowed_analysis "analysis;results;core")
set(allowed_reproductions "reproductions;runners;analysis;surrogates;hpobench_tables;results;hdf5;core")
set(layers core hdf5 results testfunctions hpobench_tables surrogates acquisitions optimizers runners analysis reproductions)

set(violations "")
set(checked 0)
foreach(layer ${layers})
  file(GLOB_RECURSE sources ${SOURCE_DIR}/${layer}/*.cpp ${SOURCE_DIR}/${layer}/*.hpp)
  foreach(source ${sources})
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"[^\"/]+/")
    foreach(line ${includes})
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"/]+)/.*$" "\\1" target_layer "${line}")
      list(FIND layers ${target_layer} known)
      list(FIND allowed_${layer} ${target_layer} ok)
      if(known GREATER_EQUAL 0 AND ok LESS 0 OR target_layer STREQUAL "cli" OR target_layer STREQUAL "python")
        file(RELATIVE_PATH rel ${SOURCE_DIR} ${source})
        string(STRIP "${line}" line)
        string(APPEND violations "  ${rel}: ${line}  (${layer} may include only: ${allowed_${layer}})\n")
      endif()
    endforeach()
  endforeach()
endforeach()

if(violations)
  message(FATAL_ERROR "bobench: includes that go up the layers:\n${violations}")
endif()
if(VERBOSE)
  message(STATUS "bobench: layer check: ${checked} files, no include goes up a layer")
endif()
