//===- CudaHeaderCheck.cpp - The runtime's cuda.h mirror against cuda.h ---===//
//
// GemmOptRuntime builds without CUDA headers and mirrors the few types and
// enum values it passes to libcuda (CudaDriver.h). When the toolkit's cuda.h
// is found at configure time this file is compiled into
// gemm-opt-runtime-tests, and every mirrored value is checked here at compile
// time; cudaHeaderChecked() tells the test binary that it was.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/CudaDriver.h"

#include <cuda.h>

namespace cu = gemm_opt::runtime::cu;

#define SAME(name) static_assert(static_cast<int>(cu::name) == static_cast<int>(::name), #name " differs from cuda.h")

// Tensor maps.
static_assert(sizeof(cu::CUtensorMap) == sizeof(::CUtensorMap), "CUtensorMap size differs from cuda.h");
static_assert(alignof(cu::CUtensorMap) >= alignof(::CUtensorMap), "CUtensorMap alignment below cuda.h's");
static_assert(cu::kTensorMapQwords == CU_TENSOR_MAP_NUM_QWORDS, "CU_TENSOR_MAP_NUM_QWORDS differs");
static_assert(sizeof(cu::CUtensorMapEnum) == sizeof(::CUtensorMapDataType) &&
                  sizeof(cu::CUtensorMapEnum) == sizeof(::CUtensorMapSwizzle) &&
                  sizeof(cu::CUtensorMapEnum) == sizeof(::CUtensorMapL2promotion),
              "tensor map enums are not int-sized");
SAME(CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
SAME(CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
SAME(CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
SAME(CU_TENSOR_MAP_INTERLEAVE_NONE);
SAME(CU_TENSOR_MAP_SWIZZLE_NONE);
SAME(CU_TENSOR_MAP_SWIZZLE_32B);
SAME(CU_TENSOR_MAP_SWIZZLE_64B);
SAME(CU_TENSOR_MAP_SWIZZLE_128B);
SAME(CU_TENSOR_MAP_L2_PROMOTION_NONE);
SAME(CU_TENSOR_MAP_L2_PROMOTION_L2_64B);
SAME(CU_TENSOR_MAP_L2_PROMOTION_L2_128B);
SAME(CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
SAME(CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
// The cuTensorMapEncodeTiled argument types the runtime passes through dlsym.
static_assert(sizeof(cu::CUresult) == sizeof(::CUresult), "CUresult size differs");
static_assert(sizeof(cuuint64_t) == sizeof(unsigned long long) && sizeof(cuuint32_t) == sizeof(unsigned),
              "cuuint64_t/cuuint32_t sizes differ");

// Launch attributes (cluster and programmatic dependent launches) and a
// few others mirrored earlier.
SAME(CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
SAME(CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION);
static_assert(offsetof(cu::CUlaunchAttributeValue, programmaticStreamSerializationAllowed) ==
                  offsetof(::CUlaunchAttributeValue, programmaticStreamSerializationAllowed),
              "CUlaunchAttributeValue::programmaticStreamSerializationAllowed");
static_assert(sizeof(cu::CUlaunchAttributeValue) == sizeof(::CUlaunchAttributeValue), "CUlaunchAttributeValue");
static_assert(sizeof(cu::CUlaunchAttribute) == sizeof(::CUlaunchAttribute), "CUlaunchAttribute");
static_assert(sizeof(cu::CUlaunchConfig) == sizeof(::CUlaunchConfig), "CUlaunchConfig");
SAME(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
SAME(CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED);
SAME(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
SAME(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);

bool cudaHeaderChecked() { return true; }
