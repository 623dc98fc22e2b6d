//===- RunFiles.cpp - gemm-run's whole-file reads and writes --------------===//

#include "RunFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

bool gemm_run::readFile(const std::string &path, std::string &out) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return false;
  out = (*buffer)->getBuffer().str();
  return true;
}

bool gemm_run::writeFile(const std::string &path, const std::string &text) {
  llvm::Error e = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << text;
    return llvm::Error::success();
  });
  if (!e)
    return true;
  llvm::consumeError(std::move(e));
  return false;
}
