.sweep/stream_pattern
