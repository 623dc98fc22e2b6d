benchmarks/run-epilogue.sh /tmp/bin /root/out/r/epilogue
