#!/usr/bin/env python3
"""Serves the built site, sending the precompressed `.br` or `.gz` file beside a requested one.

`web/build.sh` writes `khalif_bg.wasm.br` and `khalif_bg.wasm.gz`; a browser that accepts
brotli or gzip gets those bytes with the matching `Content-Encoding` and the original file's
type, so the download is the compressed size. Usage: serve.py DIRECTORY PORT [BIND]
"""

import functools
import http.server
import os
import sys

# Best first: brotli is smaller than gzip for the wasm.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


class PrecompressedHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that prefers a precompressed sibling the client accepts."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def send_head(self):
        path = self.translate_path(self.path)
        accepted = {token.split(";")[0].strip()
                    for token in self.headers.get("Accept-Encoding", "").split(",")}
        if os.path.isfile(path):
            for encoding, suffix in ENCODINGS:
                if encoding in accepted and os.path.isfile(path + suffix):
                    return self._send_compressed(path, path + suffix, encoding)
        return super().send_head()

    def _send_compressed(self, original, compressed, encoding):
        try:
            body = open(compressed, "rb")
        except OSError:
            self.send_error(404, "File not found")
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(original))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return body


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "web/site"
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8080
    bind = sys.argv[3] if len(sys.argv) > 3 else ""
    handler = functools.partial(PrecompressedHandler, directory=directory)
    with http.server.ThreadingHTTPServer((bind, port), handler) as server:
        print(f"serving {directory} at http://{bind or 'localhost'}:{port}/", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
