/tmp/bin/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json /root/out/r/suite-f16-nt.json
