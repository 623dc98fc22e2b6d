"""The exceptions of gemm_opt (all derive from GemmOptError)."""
import re


class GemmOptError(RuntimeError):
    """Base class of every gemm_opt error."""


class ToolNotFoundError(GemmOptError):
    """gemm-opt / gemm-run / libgemm_opt_runtime.so cannot be found."""


class NoDeviceError(GemmOptError):
    """No usable CUDA device (no libcuda, no GPU)."""


class LaunchError(GemmOptError):
    """The runtime refused to load or launch a kernel."""


class SizeError(GemmOptError, ValueError):
    """Tensors of sizes that a kernel compiled for dynamic sizes does not
    take: a size outside its symbol's bounds (0 included), tensors that give
    one symbol two sizes, a tensor of another rank."""


class GemmRunError(GemmOptError):
    """gemm-run failed (usage or compile error, or a stage could not run)."""

    def __init__(self, message, returncode=None, output=""):
        super().__init__(message)
        self.returncode = returncode
        self.output = output


# "file:line:col: error: message", as MLIR prints diagnostics.
_DIAGNOSTIC = re.compile(r"^(?P<file>[^\n]*?):(?P<line>\d+):(?P<col>\d+): "
                         r"(?P<severity>error|warning|remark|note): (?P<message>.*)$",
                         re.MULTILINE)


class Diagnostic:
    """One compiler diagnostic with its source location."""

    def __init__(self, file, line, col, severity, message):
        self.file, self.line, self.col = file, int(line), int(col)
        self.severity, self.message = severity, message

    def __str__(self):
        return f"{self.file}:{self.line}:{self.col}: {self.severity}: {self.message}"

    def __repr__(self):
        return f"Diagnostic({str(self)!r})"


def parse_diagnostics(text):
    """Every file:line:col diagnostic in the compiler's output, in order."""
    return [Diagnostic(**m.groupdict()) for m in _DIAGNOSTIC.finditer(text)]


class CompileError(GemmOptError):
    """The compiler rejected the input. `diagnostics` holds every diagnostic
    with its file:line:col; `log` is the compiler's whole output."""

    def __init__(self, log, stage=None):
        self.log = log
        self.stage = stage
        self.diagnostics = parse_diagnostics(log)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        head = "\n".join(str(d) for d in errors) or log.strip()
        super().__init__(f"gemm-opt could not compile stage {stage!r}:\n{head}" if stage
                         else f"gemm-opt could not compile the input:\n{head}")
