bash benchmarks/run-unseen-m.sh /tmp/bin /root/out/r/unseen
