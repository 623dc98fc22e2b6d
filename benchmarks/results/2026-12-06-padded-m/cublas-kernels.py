# Which kernel cuBLAS (through torch, bf16, x @ W^T) runs at an M whose last 128-row tile is mostly
# padding and at neighbouring M: the kernel names (nvjet's encode tile, stages and cluster shape)
# and their CUDA-event medians. Run on the GPU machine: python3 cublas-kernels.py
import torch
from torch.profiler import profile, ProfilerActivity
print(torch.cuda.get_device_name(0), torch.version.cuda)
shapes = [(m, n, k) for m in (256, 288, 300, 320, 384, 512, 560, 680) for n, k in ((8192, 8192), (5120, 13824), (15360, 5120))]
for m, n, k in shapes:
    a = torch.randn(m, k, device='cuda', dtype=torch.bfloat16)
    w = torch.randn(n, k, device='cuda', dtype=torch.bfloat16)
    for _ in range(3):
        a @ w.t()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(20):
            a @ w.t()
        torch.cuda.synchronize()
    ev = [e for e in prof.events() if e.device_type.name == 'CUDA']
    names = sorted({e.name for e in ev})
    us = sorted(e.device_time for e in ev)
    med = us[len(us) // 2] if us else 0
    print(f"{m}x{n}x{k} {med:.1f} us {2*m*n*k/med/1e6:.0f} TFLOPS  {' | '.join(names)[:200]}")
