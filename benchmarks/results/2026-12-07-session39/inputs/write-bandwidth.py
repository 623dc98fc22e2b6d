"""Write-only and copy bandwidth of this GPU over attention's Q K^T output
(32 x 2048 x 2048 bf16, 268 MB): whether cuBLAS's strided-batched Q K^T
(issue 16: >= 100 % of it) is near the rate at which the GPU writes its
result. Prints one JSON line."""
import json
import torch

def median_ms(fn, reps=30):
    for _ in range(3):
        fn()
    times = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); torch.cuda.synchronize()
        times.append(a.elapsed_time(b))
    return sorted(times)[len(times) // 2]

out = torch.empty(32, 2048, 2048, dtype=torch.bfloat16, device="cuda")
src = torch.randn(32, 2048, 2048, device="cuda").to(torch.bfloat16)
q = torch.randn(32, 2048, 128, device="cuda").to(torch.bfloat16)
k = torch.randn(32, 2048, 128, device="cuda").to(torch.bfloat16)
nbytes = out.numel() * out.element_size()
fill = median_ms(lambda: out.fill_(1.0))
copy = median_ms(lambda: out.copy_(src))
bmm = median_ms(lambda: torch.bmm(q, k.transpose(1, 2), out=out))
print(json.dumps({"device": torch.cuda.get_device_name(), "bytes": nbytes,
                  "fill_ms": fill, "fill_write_GBps": nbytes / fill / 1e6,
                  "copy_ms": copy, "copy_read_write_GBps": 2 * nbytes / copy / 1e6,
                  "bmm_qkT_ms": bmm, "bmm_write_GBps": nbytes / bmm / 1e6}))
