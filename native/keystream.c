/*
 * The AES-128-CTR keystream written straight into a caller's buffer: the content generator's hot
 * loop without the two fresh allocations and the copy that crypto.Cipheriv#update() makes for every
 * call (src/generate/native-keystream.ts explains why that matters and falls back when this is
 * missing). It links against the OpenSSL that the running node binary carries, so the bytes are
 * those of crypto.createCipheriv('aes-128-ctr', key, iv) by construction; a self-check at load
 * compares the two anyway.
 *
 *   fill(material: Buffer(32), blockOffset: number, target: Buffer): void
 *
 * `material` is the key (its first 16 bytes) and the IV (its last 16), as the content generator
 * derives them; fill writes the keystream that starts `blockOffset` 16-byte blocks after the IV (a
 * 128-bit big-endian counter, as OpenSSL's CTR mode counts) into every byte of `target`.
 */
#include <node_api.h>
#include <openssl/evp.h>

/* CTR encrypts zeros into the keystream: the target is written in pieces of this many zeros, read
 * from here (one pass over the target; an in-place encryption would first have to zero it) */
#define PIECE (16 * 1024)
static const unsigned char ZEROS[PIECE];

static napi_value fail(napi_env env, const char *message) {
  napi_throw_type_error(env, "ERR_INVALID_ARG_TYPE", message);
  return NULL;
}

static int buffer_of(napi_env env, napi_value v, unsigned char **data, size_t *len) {
  bool is_buffer = false;
  if (napi_is_buffer(env, v, &is_buffer) != napi_ok || !is_buffer) return 0;
  return napi_get_buffer_info(env, v, (void **)data, len) == napi_ok;
}

/* iv + blocks, as one 128-bit big-endian number (wrapping at 2^128). */
static void add_blocks(unsigned char counter[16], const unsigned char *iv, double blocks) {
  unsigned long long add = (unsigned long long)blocks;
  unsigned int carry = 0;
  for (int i = 15; i >= 0; i--) {
    unsigned int sum = (unsigned int)iv[i] + (unsigned int)(add & 0xff) + carry;
    counter[i] = (unsigned char)sum;
    carry = sum >> 8;
    add >>= 8;
  }
}

static napi_value Fill(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 3) return fail(env, "fill(material, blockOffset, target): three arguments");
  unsigned char *material, *out;
  size_t material_len, out_len;
  double blocks;
  if (!buffer_of(env, argv[0], &material, &material_len) || material_len != 32) return fail(env, "fill: material must be a Buffer of 32 bytes (key, then IV)");
  if (napi_get_value_double(env, argv[1], &blocks) != napi_ok || !(blocks >= 0) || blocks > 9007199254740991.0 || blocks != (double)(unsigned long long)blocks) {
    return fail(env, "fill: blockOffset must be a whole number >= 0");
  }
  if (!buffer_of(env, argv[2], &out, &out_len)) return fail(env, "fill: target must be a Buffer");

  const unsigned char *key = material;
  unsigned char counter[16];
  add_blocks(counter, material + 16, blocks);
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  int ok = ctx != NULL && EVP_EncryptInit_ex(ctx, EVP_aes_128_ctr(), NULL, key, counter) == 1;
  for (size_t off = 0; ok && off < out_len; off += PIECE) {
    int n = (int)(out_len - off < PIECE ? out_len - off : PIECE);
    int written = 0;
    ok = EVP_EncryptUpdate(ctx, out + off, &written, ZEROS, n) == 1 && written == n;
  }
  EVP_CIPHER_CTX_free(ctx);
  if (!ok) napi_throw_error(env, "ERR_CRYPTO_OPERATION_FAILED", "fill: the AES-128-CTR keystream could not be made");
  return NULL;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  if (napi_create_function(env, "fill", NAPI_AUTO_LENGTH, Fill, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "fill", fn) != napi_ok) return NULL;
  return exports;
}
