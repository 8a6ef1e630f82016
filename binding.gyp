{
  "targets": [
    {
      "target_name": "ingest_scale_native",
      "sources": ["native/keystream.c"],
      "cflags": ["-O2", "-Wall", "-Wextra"]
    }
  ]
}
