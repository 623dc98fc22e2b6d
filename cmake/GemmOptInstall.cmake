#===- cmake/GemmOptInstall.cmake - cmake --install and the GemmOpt package ===#
#
# What `cmake --install` puts under the prefix, and the CMake package that
# another project finds with find_package(GemmOpt) (README, "Using gemm-opt
# from another CMake project"; scripts/test-cmake-package.sh checks it):
#   lib/                the libraries, libgemm_opt_runtime.so, GemmOptPlugin.so
#   bin/                gemm-opt, gemm-run
#   include/gemm-opt/   public headers, TableGen's .h.inc and the .td files
#   lib/cmake/GemmOpt/  GemmOptConfig.cmake, GemmOptConfigVersion.cmake,
#                       GemmOptTargets.cmake (namespace GemmOpt::)
# Included at the end of the top-level CMakeLists.txt, and by the
# runtime-only build, which installs its MLIR-free part alone. Targets a
# build does not make (the sanitizer build has no shared runtime and no
# plugin) are skipped.
#
#===----------------------------------------------------------------------===#

include(CMakePackageConfigHelpers)

# The package version: GEMM_OPT_VERSION, set in CMakeLists.txt.
set(GEMM_OPT_INSTALL_PACKAGE_DIR lib/cmake/GemmOpt)

# Every add_mlir_library of lib/ (AddMLIR lists them in MLIR_EXPORTS), so
# that a library added there is installed without a change here.
set(_gemm_opt_mlir_libraries)
if(NOT GEMM_OPT_RUNTIME_ONLY)
  get_property(_gemm_opt_mlir_libraries GLOBAL PROPERTY MLIR_EXPORTS)
  if(NOT "GemmOptPipelines" IN_LIST _gemm_opt_mlir_libraries)
    message(FATAL_ERROR "cmake/GemmOptInstall.cmake: AddMLIR no longer lists "
      "our libraries in MLIR_EXPORTS (${_gemm_opt_mlir_libraries})")
  endif()
endif()
set(_gemm_opt_libraries GemmOptRuntime gemm_opt_runtime ${_gemm_opt_mlir_libraries})
set(_gemm_opt_executables gemm-run gemm-opt)
set(_gemm_opt_modules GemmOptPlugin)
foreach(_list _gemm_opt_libraries _gemm_opt_executables _gemm_opt_modules)
  set(_present)
  foreach(target IN LISTS ${_list})
    if(TARGET ${target})
      list(APPEND _present ${target})
    endif()
  endforeach()
  set(${_list} ${_present})
endforeach()

# The add_mlir_library targets get our headers and C++17 from the directory
# (include_directories(), CMAKE_CXX_STANDARD), which an export does not
# carry: their users get include/ from INCLUDES DESTINATION below, C++17
# (MLIR's headers need it) from here.
foreach(target IN LISTS _gemm_opt_mlir_libraries)
  target_compile_features(${target} INTERFACE cxx_std_17)
endforeach()

install(TARGETS ${_gemm_opt_libraries}
  EXPORT GemmOptTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib
  RUNTIME DESTINATION bin
  INCLUDES DESTINATION include)
install(TARGETS ${_gemm_opt_executables}
  EXPORT GemmOptTargets
  RUNTIME DESTINATION bin)
if(_gemm_opt_modules)
  # The plugin is loaded by path (mlir-opt --load-pass-plugin=...), so it is
  # exported too: $<TARGET_FILE:GemmOpt::GemmOptPlugin> names it.
  install(TARGETS ${_gemm_opt_modules}
    EXPORT GemmOptTargets
    LIBRARY DESTINATION lib)
endif()

if(GEMM_OPT_RUNTIME_ONLY)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/gemm-opt/Runtime
    DESTINATION include/gemm-opt
    FILES_MATCHING PATTERN "*.h")
else()
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/gemm-opt
    DESTINATION include
    FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
  # Passes.h.inc and whatever else TableGen writes next to the headers.
  install(DIRECTORY ${PROJECT_BINARY_DIR}/include/gemm-opt
    DESTINATION include
    FILES_MATCHING PATTERN "*.inc")
endif()

install(EXPORT GemmOptTargets
  NAMESPACE GemmOpt::
  DESTINATION ${GEMM_OPT_INSTALL_PACKAGE_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/GemmOptConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/GemmOptConfig.cmake
  INSTALL_DESTINATION ${GEMM_OPT_INSTALL_PACKAGE_DIR})
# Same minor version: 0.x makes no compatibility promise across minors.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/GemmOptConfigVersion.cmake
  VERSION ${GEMM_OPT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/GemmOptConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/GemmOptConfigVersion.cmake
  DESTINATION ${GEMM_OPT_INSTALL_PACKAGE_DIR})
