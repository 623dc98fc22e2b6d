env UNSEEN_DTYPES=f16 bash benchmarks/run-unseen-m.sh /tmp/bin /root/out/r/unseen
