import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

const randomSecret = () => randomBytes(48).toString("base64");

describe("loadConfig", () => {
  it("runs with no configuration at all, on development defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: "./.data",
      LOG_LEVEL: "info",
      CORS_ORIGINS: [],
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_HEADERS_TIMEOUT_MS: 20_000,
      SEED_DEMO_DATA: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("treats empty values as unset and trims PUBLIC_URL's trailing slash", () => {
    const config = loadConfig({ DATABASE_URL: "", REDIS_URL: " ", PUBLIC_URL: "https://shop.example/", PORT: "8080" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("https://shop.example");
  });

  it("parses CORS_ORIGINS into a list of origins", () => {
    const config = loadConfig({ CORS_ORIGINS: "https://a.example, http://localhost:5173/" });
    expect(config.CORS_ORIGINS).toEqual(["https://a.example", "http://localhost:5173"]);
  });

  it("trusts no proxy by default; the proxies TRUST_PROXY names when set", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1, ::1, uniquelocal" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "uniquelocal",
    ]);
  });

  it("leaves /metrics off by default; METRICS_ALLOW is read like TRUST_PROXY", () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).METRICS_ALLOW).toEqual([]);
    expect(loadConfig({ METRICS_ALLOW: "10.0.0.0/8, ::1, loopback" }).METRICS_ALLOW).toEqual(["10.0.0.0/8", "::1", "loopback"]);
  });

  it.each([
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ METRICS_ALLOW: "prometheus.internal" }, "METRICS_ALLOW"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ LOG_FORMAT: "xml" }, "LOG_FORMAT"],
    [{ TRUST_PROXY: "1" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "loadbalancer.internal" }, "TRUST_PROXY"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ CORS_ORIGINS: "example.com" }, "CORS_ORIGINS"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ HTTP_REQUEST_TIMEOUT_MS: "-5" }, "HTTP_REQUEST_TIMEOUT_MS"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
  ])("stops on %o with a message naming %s", (env, key) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${key}: `));
  });

  it("refuses production on PostgreSQL without a shared SESSION_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/shop" })).toThrow(/SESSION_SECRET/);
    const secret = randomSecret();
    expect(
      loadConfig({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/shop",
        SESSION_SECRET: secret,
        PAYMENT_PROVIDER: "test",
        ALLOW_TEST_PAYMENTS: "true",
      }).SESSION_SECRET,
    ).toBe(secret);
  });

  describe("image storage", () => {
    const keys = { S3_ACCESS_KEY_ID: "minio", S3_SECRET_ACCESS_KEY: "minio-secret" };

    it("keeps pictures in DATA_DIR without S3_BUCKET", () => {
      const config = loadConfig({ DATA_DIR: "/srv/shop" });
      expect(config.imageStorage).toEqual({
        kind: "local",
        imagesDir: "/srv/shop/images",
        variantsDir: "/srv/shop/image-variants",
      });
    });

    it("uses the bucket at AWS with S3_BUCKET and the keys: region us-east-1, virtual-hosted style", () => {
      expect(loadConfig({ S3_BUCKET: "shop-images", ...keys }).imageStorage).toEqual({
        kind: "s3",
        endpoint: undefined,
        region: "us-east-1",
        bucket: "shop-images",
        accessKeyId: "minio",
        secretAccessKey: "minio-secret",
        forcePathStyle: false,
      });
    });

    it("uses path-style addressing with S3_ENDPOINT (MinIO) unless S3_FORCE_PATH_STYLE says otherwise", () => {
      const minio = { S3_BUCKET: "shop-images", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "ap-south-1", ...keys };
      expect(loadConfig(minio).imageStorage).toMatchObject({
        endpoint: "http://127.0.0.1:9000",
        region: "ap-south-1",
        forcePathStyle: true,
      });
      expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: "false" }).imageStorage).toMatchObject({ forcePathStyle: false });
      // Empty values are unset, as everywhere (a compose file's `S3_REGION=`).
      expect(loadConfig({ ...minio, S3_REGION: "", S3_FORCE_PATH_STYLE: "" }).imageStorage).toMatchObject({
        region: "us-east-1",
        forcePathStyle: true,
      });
    });

    it.each([
      [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET"],
      [{ ...keys }, "S3_BUCKET"],
      [{ S3_FORCE_PATH_STYLE: "true" }, "S3_BUCKET"],
      [{ S3_BUCKET: "shop-images" }, "S3_ACCESS_KEY_ID"],
      [{ S3_BUCKET: "shop-images", S3_ACCESS_KEY_ID: "minio" }, "S3_SECRET_ACCESS_KEY"],
      [{ S3_BUCKET: "Shop_Images", ...keys }, "S3_BUCKET"],
      [{ S3_BUCKET: "shop-images", S3_ENDPOINT: "minio:9000", ...keys }, "S3_ENDPOINT"],
      [{ S3_BUCKET: "shop-images", S3_FORCE_PATH_STYLE: "yes", ...keys }, "S3_FORCE_PATH_STYLE"],
    ])("stops on %o naming %s", (env, key) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${key}: `));
    });
  });

  describe("payments", () => {
    const razorpay = { RAZORPAY_KEY_ID: "rzp_test_abc123", RAZORPAY_KEY_SECRET: "s3cret", RAZORPAY_WEBHOOK_SECRET: "wh00k" };
    const live = { ...razorpay, RAZORPAY_KEY_ID: "rzp_live_abc123" };
    const cluster = { NODE_ENV: "production", DATABASE_URL: "postgres://db/shop", SESSION_SECRET: randomSecret() };

    it("uses the test provider with no configuration, with secrets of its own", () => {
      const { payments } = loadConfig({});
      expect(payments.provider).toBe("test");
      expect(payments.keyId).toMatch(/^rzp_test_/);
      expect(payments.keySecret.length).toBeGreaterThanOrEqual(32);
      expect(payments.webhookSecret).not.toBe(payments.keySecret);
    });

    it("uses Razorpay when its keys are set, at Razorpay's API unless told otherwise", () => {
      expect(loadConfig(razorpay).payments).toEqual({
        provider: "razorpay",
        keyId: "rzp_test_abc123",
        keySecret: "s3cret",
        webhookSecret: "wh00k",
        apiUrl: "https://api.razorpay.com",
      });
      expect(loadConfig({ ...razorpay, RAZORPAY_API_URL: "http://127.0.0.1:9/" }).payments).toMatchObject({
        apiUrl: "http://127.0.0.1:9",
      });
    });

    it.each([
      [{ PAYMENT_PROVIDER: "paypal" }, "PAYMENT_PROVIDER"],
      [{ PAYMENT_PROVIDER: "razorpay" }, "RAZORPAY_KEY_ID"],
      [{ ...razorpay, RAZORPAY_KEY_ID: "pk_live_1" }, "RAZORPAY_KEY_ID"],
      [{ PAYMENT_PROVIDER: "razorpay", RAZORPAY_KEY_ID: "rzp_live_x1" }, "RAZORPAY_KEY_SECRET"],
      [{ ...razorpay, RAZORPAY_WEBHOOK_SECRET: "" }, "RAZORPAY_WEBHOOK_SECRET"],
      [cluster, "PAYMENT_PROVIDER"],
      [{ ...cluster, PAYMENT_PROVIDER: "test" }, "PAYMENT_PROVIDER"],
      [{ ...cluster, ...razorpay }, "RAZORPAY_KEY_ID"],
      [{ ...cluster, ...razorpay, PAYMENT_PROVIDER: "razorpay", ALLOW_TEST_PAYMENTS: "false" }, "RAZORPAY_KEY_ID"],
      [{ ALLOW_TEST_PAYMENTS: "yes" }, "ALLOW_TEST_PAYMENTS"],
      [{ PAYMENT_HOLD_MINUTES: "0" }, "PAYMENT_HOLD_MINUTES"],
    ])("stops on %o naming %s", (env, key) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${key}: `));
    });

    it("allows test payments in production on PostgreSQL only when asked to", () => {
      expect(loadConfig({ ...cluster, PAYMENT_PROVIDER: "test", ALLOW_TEST_PAYMENTS: "true" }).payments.provider).toBe("test");
      expect(loadConfig({ ...cluster, ...live }).payments.provider).toBe("razorpay");
      expect(loadConfig({ ...cluster, ...razorpay, ALLOW_TEST_PAYMENTS: "true" }).payments.keyId).toBe("rzp_test_abc123");
    });

    it("refuses Razorpay's test keys in production on PostgreSQL, saying what to set instead", () => {
      expect(() => loadConfig({ ...cluster, ...razorpay })).toThrow(
        /^Invalid configuration:\n {2}RAZORPAY_KEY_ID: is a Razorpay test key.*rzp_live_.*ALLOW_TEST_PAYMENTS=true/,
      );
      // The embedded database is one instance by design, as for PAYMENT_PROVIDER=test; development takes any key.
      expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: randomSecret(), ...razorpay }).payments.provider).toBe(
        "razorpay",
      );
      expect(loadConfig(razorpay).payments.provider).toBe("razorpay");
    });

    it("says test mode on every page only in production with test payments that ALLOW_TEST_PAYMENTS let in", () => {
      const allowed = { ALLOW_TEST_PAYMENTS: "true" };
      expect(loadConfig({ ...cluster, ...razorpay, ...allowed }).testModeNotice).toBe(true);
      expect(loadConfig({ ...cluster, PAYMENT_PROVIDER: "test", ...allowed }).testModeNotice).toBe(true);
      expect(loadConfig({ ...cluster, ...live, ...allowed }).testModeNotice).toBe(false);
      expect(loadConfig({ ...cluster, ...live }).testModeNotice).toBe(false);
      expect(loadConfig({}).testModeNotice).toBe(false);
      expect(loadConfig({ ...razorpay, ...allowed }).testModeNotice).toBe(false);
    });
  });
});
