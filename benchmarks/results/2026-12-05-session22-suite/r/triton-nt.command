python3 benchmarks/triton-peer.py --suite benchmarks/suites/llm-layers.txt --layout nt --json /root/out/r/triton-nt.json
