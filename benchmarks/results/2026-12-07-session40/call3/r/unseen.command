env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh /tmp/bin /root/out/r/unseen
