/tmp/bin/gemm-run --suite /work/main/benchmarks/suites/llm-layers-unseen-m.txt --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json /root/out/r/unseen/unseen-f16-nt.json
