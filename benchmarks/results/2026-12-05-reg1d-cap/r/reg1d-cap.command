benchmarks/run-variants-dir.sh /tmp/bin .sweep/reg1d-variants /root/out/r/reg1d-cap
