source benchmarks/device-steps.sh
S=benchmarks/suites/llm-layers.txt
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
step unseen 150 bash benchmarks/run-unseen-m.sh $B $O/unseen
step suite-bf16-nt 150 gemm-run --suite $S --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
step suite-f16-nt 150 gemm-run --suite $S --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json $O/suite-f16-nt.json
finish
