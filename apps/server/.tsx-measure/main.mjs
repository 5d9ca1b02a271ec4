var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// apps/server/src/app.ts
import fs3 from "node:fs";
import http from "node:http";
import path2 from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";

// packages/shared/src/analytics-schemas.ts
import { z } from "zod";
var ANALYTICS_RANGES = { today: 0, week: 1, month: 2, custom: 3, all: 4 };
var ANALYTICS_SOURCES = { both: 0, other: 1, official: 2 };
var ANALYTICS_LIMITS = {
  /** Longest custom range and CSV, in days (a leap year). */
  spanDaysMax: 366,
  /** Days of the "week" and "month" tabs, today included. */
  weekDays: 7,
  monthDays: 30
};
var ANALYTICS_OS = ["ios", "android", "windows", "mac", "linux", "other"];
var UNKNOWN_COUNTRY = "ZZ";
var DAY = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDay(value) {
  if (!DAY.test(value)) return false;
  const d = /* @__PURE__ */ new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
function daySpan(from, to) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 864e5) + 1;
}
var numberish = (schema) => z.preprocess((v) => typeof v === "string" && v !== "" ? Number(v) : v, schema);
var dayField = z.string({ error: "validation.date_invalid" }).trim().refine(isCalendarDay, { error: "validation.date_invalid" });
var optionalDay = z.literal("").transform(() => void 0).or(dayField.optional());
var analyticsIdParams = z.object({
  id: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(64)
});
function checkRange(v, ctx2, required) {
  if (required && !v.from)
    ctx2.addIssue({ code: "custom", path: ["from"], message: "validation.range_from_required" });
  if (required && !v.to)
    ctx2.addIssue({ code: "custom", path: ["to"], message: "validation.range_to_required" });
  if (!v.from || !v.to) return;
  if (v.from > v.to) ctx2.addIssue({ code: "custom", path: ["to"], message: "validation.range_order" });
  else if (daySpan(v.from, v.to) > ANALYTICS_LIMITS.spanDaysMax)
    ctx2.addIssue({ code: "custom", path: ["to"], message: "validation.range_too_long" });
}
var analyticsGraphQuery = z.object({
  type: numberish(
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "validation.analytics_source" })
  ).optional().default(ANALYTICS_SOURCES.both),
  range: numberish(
    z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: "validation.analytics_range"
    })
  ).optional().default(ANALYTICS_RANGES.today),
  from: optionalDay,
  to: optionalDay
}).superRefine((v, ctx2) => checkRange(v, ctx2, v.range === ANALYTICS_RANGES.custom));
var analyticsCsvQuery = z.object({ from: optionalDay, to: optionalDay }).superRefine((v, ctx2) => checkRange(v, ctx2, true));
var analyticsTotalsSchema = z.object({
  official: z.number().int().describe("Reads through our reader (secret codes)"),
  other: z.number().int().describe("Reads through /r/ by any other app"),
  uniques: z.number().int().describe("Sum of daily unique users")
});
var analyticsDaySchema = z.object({
  day: z.string(),
  official: z.number().int(),
  other: z.number().int(),
  uniques: z.number().int()
});
var analyticsDataShape = {
  totals: analyticsTotalsSchema,
  first_read_day: z.string().nullable().describe("Asia/Tokyo day of the first read, or null")
};
var analyticsGraphShape = {
  from: z.string(),
  to: z.string(),
  days: z.array(analyticsDaySchema).describe("Every day of the range, zeros included"),
  countries: z.array(
    z.object({ country: z.string().describe("ISO 3166 alpha-2, 'ZZ' unknown"), reads: z.number().int() })
  ).describe("Most reads first"),
  prefectures: z.array(z.object({ prefecture: z.string().describe("JIS X 0401 code, 01\u201347"), reads: z.number().int() })).describe("Most reads first"),
  os: z.array(z.object({ os: z.enum(ANALYTICS_OS), reads: z.number().int() })).describe("Most reads first"),
  totals: analyticsTotalsSchema
};
var analyticsGraphSchema = z.object(analyticsGraphShape);

// packages/shared/src/auth-schemas.ts
import { z as z2 } from "zod";

// packages/shared/src/limits.ts
var LIMITS = {
  passwordMin: 6,
  passwordMax: 255,
  userNameMin: 1,
  userNameMax: 255,
  companyNameMax: 255,
  emailMax: 254,
  /** Displayed user name is cut to this many characters plus an ellipsis (§5). */
  nameTruncation: 7,
  pageSize: 20,
  paginationButtons: 3
};
var LINK_LIFETIME_HOURS = {
  activation: 24,
  passwordReset: 1,
  emailChange: 24
};
function toLocale(value) {
  return typeof value === "string" && value.toLowerCase().startsWith("en") ? "en" : "ja";
}

// packages/shared/src/auth-schemas.ts
var HALF_WIDTH = /^[\x21-\x7e]+$/;
var emailField = z2.string({ error: "validation.email_required" }).trim().min(1, { error: "validation.email_required" }).max(LIMITS.emailMax, { error: "validation.email_invalid" }).pipe(z2.email({ error: "validation.email_invalid" }));
var passwordField = z2.string({ error: "validation.password_required" }).min(1, { error: "validation.password_required" }).min(LIMITS.passwordMin, { error: "validation.password_rule" }).max(LIMITS.passwordMax, { error: "validation.password_too_long" }).regex(HALF_WIDTH, { error: "validation.password_rule" });
var currentPasswordField = z2.string({ error: "validation.password_required" }).min(1, { error: "validation.password_required" }).max(LIMITS.passwordMax, { error: "validation.password_too_long" });
var userNameField = z2.string({ error: "validation.user_name_required" }).trim().min(LIMITS.userNameMin, { error: "validation.user_name_required" }).max(LIMITS.userNameMax, { error: "validation.user_name_too_long" });
var companyNameField = z2.string().trim().max(LIMITS.companyNameMax, { error: "validation.company_name_too_long" }).optional().default("");
var formBoolean = z2.union([z2.boolean(), z2.enum(["true", "false", "1", "0", "on", "off", ""])]).transform((v) => v === true || v === "true" || v === "1" || v === "on");
var tokenField = z2.string({ error: "validation.required" }).trim().min(1).max(128);
var signupBody = z2.object({
  email: emailField,
  /** Sign-up variant that carries a guest's codes over into the new account. */
  migrate: formBoolean.optional(),
  language: z2.string().max(8).optional()
});
var signinBody = z2.object({
  email: emailField,
  password: currentPasswordField,
  /** A share-invitation code; accepted with the sign-in (§5 "invite login mismatch"). */
  code: z2.string().trim().max(128).optional()
});
var activateBody = z2.object({
  user_name: userNameField,
  company_name: companyNameField,
  user_id: tokenField,
  password: passwordField,
  confirmation_code: tokenField
});
var forgotPasswordRequestBody = z2.object({
  email: emailField,
  language: z2.string().max(8).optional()
});
var forgotPasswordVerifyBody = z2.object({
  user_id: tokenField,
  new_password: passwordField,
  confirmation_code: tokenField,
  language: z2.string().max(8).optional()
});
var unsubscribeBody = z2.object({ password: currentPasswordField });
var userInfoBody = z2.object({
  user_name: userNameField,
  company_name: companyNameField
});
var changeEmailRequestBody = z2.object({
  new_email: emailField,
  language: z2.string().max(8).optional()
});
var changeEmailVerifyBody = z2.object({
  user_id: tokenField,
  confirmation_code: tokenField
});
var changePasswordBody = z2.object({
  current_password: currentPasswordField,
  new_password: passwordField
});

// packages/shared/src/channel-schemas.ts
import { z as z4 } from "zod";

// packages/shared/src/qrcode-schemas.ts
import { z as z3 } from "zod";

// packages/shared/src/paths.ts
var paths = {
  home: "/",
  signup: "/auth/qrqrid/signup",
  signupSent: "/auth/qrqrid/signup/sent",
  activate: "/auth/qrqrid/activate",
  activateComplete: "/auth/qrqrid/activate/complete",
  signin: "/auth/qrqrid/signin",
  forgotRequest: "/auth/qrqrid/forgot/password/request",
  forgotSent: "/auth/qrqrid/forgot/password/sent",
  forgotReset: "/auth/qrqrid/forgot/password/reset",
  forgotComplete: "/auth/qrqrid/forgot/password/complete",
  changeEmailRequest: "/auth/qrqrid/change/email/request",
  changeEmailSent: "/auth/qrqrid/change/email/sent",
  changeEmailVerify: "/auth/qrqrid/change/email/verify",
  changeEmailComplete: "/auth/qrqrid/change/email/complete",
  changePassword: "/auth/qrqrid/change/password",
  changePasswordComplete: "/auth/qrqrid/change/password/complete",
  userInfo: "/auth/qrqrid/userinfo",
  unsubscribe: "/auth/qrqrid/unsubscribe",
  unsubscribeComplete: "/auth/qrqrid/unsubscribe/complete",
  qrList: "/qrcode/list",
  serviceNews: "/service/news",
  serviceTerms: "/service/terms",
  serviceAbout: "/service/about",
  channelRegister: "/qrchannel/register/",
  channelHome: "/qrchannel/message/list",
  systemError: "/error",
  httpError: "/error/http"
};
var api = {
  session: "/api/session",
  health: "/api/health",
  signup: "/api/auth/qrqrid/signup",
  signin: "/api/auth/qrqrid/signin",
  signout: "/auth/qrqrid/signout",
  activate: "/api/auth/qrqrid/activate",
  activateCheck: "/api/auth/qrqrid/activate/check",
  forgotRequest: "/api/auth/qrqrid/forgot/password/request",
  forgotCheck: "/api/auth/qrqrid/forgot/password/check",
  forgotVerify: "/api/auth/qrqrid/forgot/password/verify",
  unsubscribe: "/api/auth/qrqrid/unsubscribe",
  userInfo: "/api/auth/qrqrid/userinfo",
  changeEmailRequest: "/api/auth/qrqrid/change/email/request",
  changeEmailVerify: "/api/auth/qrqrid/change/email/verify",
  changePassword: "/api/auth/qrqrid/change/password",
  // QR manager calls have no /api prefix (§7).
  qrCreate: "/qrcode/create/",
  qrTitleUpdate: "/qrcode/titleUpdate/",
  qrRedirectUrlUpdate: "/qrcode/redirectUrlUpdate/",
  qrChangeWifiProfile: "/qrcode/changeWifiProfile/",
  qrDelete: "/qrcode/delete/",
  qrListData: "/qrcode/list/data",
  qrDownload: "/qrcode/download/",
  // Read log of one code (analytics module): see analyticsPath.
  analyticsData: "/analytics/data/",
  analyticsGraph: "/analytics/graph/",
  analyticsCsv: "/analytics/csv/",
  news: "/api/news",
  // Channel service (§7). Calls about one channel live under channelScope (see channelPath).
  channelServiceRegister: "/api/qrchannel/service/register",
  industries: "/api/qrchannel/industory",
  channels: "/api/qrchannel/channel"
};
var CHANNEL_PAGE_PREFIX = "/c/";
var REDIRECT_PREFIX = "/r/";
var SCREEN_PATHS = Object.values(paths);

// packages/shared/src/qr-constants.ts
var QR_TABS = { url: 0, text: 1, wifi: 2, channel: 3, bookmarklet: 4 };
var ANALYSIS_TYPES = { none: 0, redirect: 1, secret: 2 };
var QR_TYPES = { normal: 1, wifi: 3 };
var WIFI_ENCRYPTIONS = ["WPA", "WEP", "nopass"];
var QR_LIMITS = {
  /** Version 40-M in byte mode holds 2331 bytes: the limit of every code's content (§9 "API byte limit"). */
  contentBytes: 2331,
  /** What the database column holds (§9 "Database text limit"). */
  databaseText: 65535,
  titleMax: 255,
  urlMax: 2331,
  /** Management name: up to 32 full-width characters, never shown to visitors. */
  wifiNameMax: 32,
  ssidMax: 32,
  wifiPasswordMax: 255,
  /** Longest expiry a profile may have, in hours (one year). */
  wifiExpireHoursMax: 8760,
  /** Secret codes carry this many random bytes (§9). */
  secretBytes: 9
};
var IMAGE_OPTIONS = {
  defaultDpi: 300,
  minDpi: 72,
  maxDpi: 2400,
  previewCellSize: 10,
  defaultCellSize: 10,
  minCellSize: 1,
  maxCellSize: 50,
  defaultMargin: 4,
  minMargin: 0,
  maxMargin: 20,
  mmPerInch: 25.4,
  /** Longest side of a downloaded image in pixels, quiet zone included (the server refuses more). */
  maxImagePixels: 1e4
};

// packages/shared/src/text.ts
var encoder = new TextEncoder();
function utf8Length(text) {
  return encoder.encode(text).length;
}
function illFormedPath(value, path5 = []) {
  if (typeof value === "string") return isWellFormedText(value) ? void 0 : path5;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedPath(value[i], [...path5, i]);
      if (found) return found;
    }
    return void 0;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormedText(key)) return [...path5, key];
      const found = illFormedPath(item, [...path5, key]);
      if (found) return found;
    }
  }
  return void 0;
}
var LONE_SURROGATE = new RegExp("\\p{Cs}", "u");
function isWellFormedText(text) {
  return !LONE_SURROGATE.test(text);
}

// packages/shared/src/url-scheme.ts
var HOST_LIKE = new RegExp("^(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?\\.)+(?:\\p{L}{2,}|xn--[a-z0-9-]+)(?::\\d{1,5})?(?:[/?#]\\S*)?$", "iu");
function withDefaultScheme(value) {
  return HOST_LIKE.test(value) ? `https://${value}` : value;
}

// packages/shared/src/qrcode-schemas.ts
var HALF_WIDTH2 = /^[\x20-\x7e]*$/;
var HEX = /^[0-9a-fA-F]+$/;
var NON_ASCII = /[^\p{ASCII}]/u;
function isHttpUrl(value) {
  if (/\s/.test(value)) return false;
  try {
    const url2 = new URL(value);
    return (url2.protocol === "http:" || url2.protocol === "https:") && url2.hostname.length > 0;
  } catch {
    return false;
  }
}
function isOwnRedirectUrl(url2, publicUrl) {
  let target;
  let own;
  try {
    target = new URL(url2);
    own = new URL(publicUrl);
  } catch {
    return false;
  }
  const host = (u) => u.host.toLowerCase().replace(/\.(?=:|$)/, "");
  if (host(target) !== host(own)) return false;
  const prefix = `${own.pathname.replace(/\/+$/, "")}${REDIRECT_PREFIX}`.toLowerCase();
  return decodePath(target.pathname).toLowerCase().replace(/\/{2,}/g, "/").startsWith(prefix);
}
function decodePath(path5) {
  try {
    return decodeURIComponent(path5);
  } catch {
    return path5;
  }
}
function isValidWifiPassword(password, encryption) {
  if (encryption === "nopass") return true;
  if (!HALF_WIDTH2.test(password) || password.length > QR_LIMITS.wifiPasswordMax) return false;
  const hex = HEX.test(password);
  if (encryption === "WPA")
    return password.length >= 8 && password.length <= 63 || hex && password.length === 64;
  return [5, 13].includes(password.length) || hex && [10, 26].includes(password.length);
}
var withinBytes = (v) => utf8Length(v) <= QR_LIMITS.contentBytes;
var numberish2 = (schema) => z3.preprocess((v) => typeof v === "string" && v !== "" ? Number(v) : v, schema);
var flag = z3.union([z3.boolean(), z3.enum(["true", "false", "1", "0", "on", "off", ""])]).transform((v) => v === true || v === "true" || v === "1" || v === "on");
var qrTitleField = z3.string().trim().max(QR_LIMITS.titleMax, { error: "validation.title_too_long" }).optional().default("");
var qrUrlField = z3.string({ error: "validation.url_required" }).trim().min(1, { error: "validation.url_required", abort: true }).transform(withDefaultScheme).refine(isHttpUrl, { error: "validation.url_invalid" }).refine(withinBytes, { error: "validation.content_too_long" });
var qrTextField = z3.string({ error: "validation.text_required" }).refine((v) => v.trim().length > 0, { error: "validation.text_required" }).refine(withinBytes, { error: "validation.content_too_long" });
var analysisField = numberish2(
  z3.union(
    [z3.literal(ANALYSIS_TYPES.none), z3.literal(ANALYSIS_TYPES.redirect), z3.literal(ANALYSIS_TYPES.secret)],
    {
      error: "validation.analysis_type"
    }
  )
).default(ANALYSIS_TYPES.none);
var expireField = z3.preprocess(
  (v) => v === "" || v === void 0 || v === null || v === "forever" ? null : typeof v === "string" ? Number(v) : v,
  z3.number({ error: "validation.expire_invalid" }).int({ error: "validation.expire_invalid" }).min(1, { error: "validation.expire_invalid" }).max(QR_LIMITS.wifiExpireHoursMax, { error: "validation.expire_invalid" }).nullable()
);
var wifiFields = {
  name: z3.string().trim().refine((v) => Array.from(v).length <= QR_LIMITS.wifiNameMax, { error: "validation.wifi_name_too_long" }).optional().default(""),
  ssid: z3.string({ error: "validation.ssid_required" }).min(1, { error: "validation.ssid_required" }).refine((v) => !NON_ASCII.test(v), { error: "validation.ssid_full_width", abort: true }).max(QR_LIMITS.ssidMax, { error: "validation.ssid_invalid" }).regex(HALF_WIDTH2, { error: "validation.ssid_invalid" }),
  password: z3.string().max(QR_LIMITS.wifiPasswordMax, { error: "validation.wifi_password_invalid" }).optional().default(""),
  encryption: z3.enum(WIFI_ENCRYPTIONS, { error: "validation.invalid" }).default("WPA"),
  hidden: flag.optional().default(false),
  expir_time: expireField.optional().default(null)
};
function checkWifiPassword(v, ctx2) {
  if (!isValidWifiPassword(v.password, v.encryption)) {
    ctx2.addIssue({ code: "custom", path: ["password"], message: "validation.wifi_password_invalid" });
  }
}
var urlCode = z3.object({
  tab: z3.literal(QR_TABS.url),
  analysis_type: analysisField,
  title: qrTitleField,
  url: qrUrlField
});
var textCode = z3.object({
  tab: z3.literal(QR_TABS.text),
  analysis_type: analysisField,
  title: qrTitleField,
  text: qrTextField
});
var wifiCode = z3.object({
  tab: z3.literal(QR_TABS.wifi),
  analysis_type: analysisField.refine((v) => v !== ANALYSIS_TYPES.redirect, {
    error: "validation.analysis_type"
  }),
  title: qrTitleField,
  ...wifiFields
}).superRefine(checkWifiPassword);
var createQrBody = z3.preprocess(
  (v) => v && typeof v === "object" && typeof v.tab === "string" ? { ...v, tab: Number(v.tab) } : v,
  z3.discriminatedUnion("tab", [urlCode, textCode, wifiCode], { error: "validation.invalid" })
);
var idField = z3.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(64);
var titleUpdateBody = z3.object({ id: idField, title: qrTitleField });
var redirectUrlUpdateBody = z3.object({ id: idField, url: qrUrlField });
var changeWifiProfileBody = z3.object({ id: idField, ...wifiFields }).superRefine(checkWifiPassword);
var deleteQrQuery = z3.object({
  id: idField,
  qr_wifi_service_id: z3.string().max(64).optional(),
  welcome_page_status: z3.string().max(16).optional()
});
var dateField = z3.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "validation.date_invalid" }).optional().or(z3.literal("").transform(() => void 0));
var qrListQuery = z3.object({
  page: numberish2(z3.number().int().min(1).max(1e5)).optional().default(1),
  from: dateField,
  to: dateField,
  title: z3.string().trim().max(QR_LIMITS.titleMax).optional(),
  type: z3.enum(["share"]).optional(),
  share: z3.enum(["exist"]).optional()
});
var intOption = (min, max, fallback, error) => numberish2(z3.number({ error }).int({ error }).min(min, { error }).max(max, { error })).optional().default(fallback);
var downloadQuery = z3.object({
  qr_data_id: idField,
  type: numberish2(
    z3.union([z3.literal(1), z3.literal(2), z3.literal(3), z3.literal(4)], { error: "validation.image_type" })
  ),
  op_size: intOption(
    IMAGE_OPTIONS.minCellSize,
    IMAGE_OPTIONS.maxCellSize,
    IMAGE_OPTIONS.defaultCellSize,
    "validation.cell_size"
  ),
  op_dpi: intOption(IMAGE_OPTIONS.minDpi, IMAGE_OPTIONS.maxDpi, IMAGE_OPTIONS.defaultDpi, "validation.dpi"),
  op_margin: intOption(
    IMAGE_OPTIONS.minMargin,
    IMAGE_OPTIONS.maxMargin,
    IMAGE_OPTIONS.defaultMargin,
    "validation.margin"
  )
});

// packages/shared/src/channel-schemas.ts
var CHANNEL_LIMITS = {
  nameMax: 20,
  descriptionShortMax: 54,
  descriptionLongMax: 200,
  routeMax: 100,
  /** Not given by the spec: one line of a postal address. */
  addressMax: 255,
  relationLinkTextMax: 255,
  relationLinkUrlMax: 255,
  /** Not given by the spec: enough for a shop's site and social accounts. */
  relationLinksMax: 10
};
var CHANNEL_USER_TYPES = { individual: 1, company: 2 };
var chars = (v) => Array.from(v).length;
var maxChars = (max, error) => z4.string({ error }).trim().refine((v) => chars(v) <= max, { error });
var numberish3 = (schema) => z4.preprocess((v) => typeof v === "string" && v.trim() !== "" ? Number(v) : v, schema);
var channelName = z4.string({ error: "validation.channel_name_required" }).trim().min(1, { error: "validation.channel_name_required", abort: true }).refine((v) => chars(v) <= CHANNEL_LIMITS.nameMax, { error: "validation.channel_name_too_long" });
var userType = numberish3(
  z4.union([z4.literal(CHANNEL_USER_TYPES.individual), z4.literal(CHANNEL_USER_TYPES.company)], {
    error: "validation.channel_user_type"
  })
);
var industryId = (error) => z4.preprocess(
  (v) => v === "" || v === void 0 || v === null ? null : typeof v === "string" ? Number(v) : v,
  z4.number({ error }).int({ error }).positive({ error }).nullable()
);
var coordinate = (limit, error) => z4.preprocess(
  (v) => v === "" || v === void 0 || v === null ? null : typeof v === "string" ? Number(v) : v,
  z4.number({ error }).min(-limit, { error }).max(limit, { error }).nullable()
);
var relationLinkSchema = z4.object({
  text: z4.string({ error: "validation.relation_link_text_required" }).trim().min(1, { error: "validation.relation_link_text_required", abort: true }).refine((v) => chars(v) <= CHANNEL_LIMITS.relationLinkTextMax, {
    error: "validation.relation_link_text_too_long"
  }),
  url: z4.string({ error: "validation.url_required" }).trim().min(1, { error: "validation.url_required", abort: true }).refine((v) => v.length <= CHANNEL_LIMITS.relationLinkUrlMax, {
    error: "validation.relation_link_url_too_long",
    abort: true
  }).refine(isHttpUrl, { error: "validation.url_invalid" })
});
var serviceRegisterBody = z4.object({
  terms_accepted: z4.union([z4.boolean(), z4.enum(["true", "1", "on"])], { error: "validation.terms_required" }).refine((v) => v !== false, { error: "validation.terms_required" })
});
var createChannelBody = z4.object({
  channel_name: channelName,
  channel_user_type: userType,
  industory_id: industryId("validation.industry_invalid").optional().default(null),
  sub_industory_id: industryId("validation.sub_industry_invalid").optional().default(null)
});
var updateChannelBody = z4.object({
  channel_name: channelName.optional(),
  channel_user_type: userType.optional(),
  industory_id: industryId("validation.industry_invalid").optional(),
  sub_industory_id: industryId("validation.sub_industry_invalid").optional(),
  description_short: maxChars(
    CHANNEL_LIMITS.descriptionShortMax,
    "validation.description_short_too_long"
  ).optional(),
  description_long: maxChars(
    CHANNEL_LIMITS.descriptionLongMax,
    "validation.description_long_too_long"
  ).optional(),
  address: maxChars(CHANNEL_LIMITS.addressMax, "validation.address_too_long").optional(),
  description_route: maxChars(CHANNEL_LIMITS.routeMax, "validation.description_route_too_long").optional(),
  latitude: coordinate(90, "validation.latitude_range").optional(),
  longitude: coordinate(180, "validation.longitude_range").optional(),
  relation_links: z4.array(relationLinkSchema, { error: "validation.invalid" }).max(CHANNEL_LIMITS.relationLinksMax, { error: "validation.relation_links_too_many" }).optional()
});

// packages/shared/src/error-codes.ts
var SUCCESS_CODE = "S-200";
var ERRORS = {
  "E-400": { http: 400, key: "errors.validation" },
  "E-401": { http: 401, key: "errors.signin_required" },
  "E-403": { http: 403, key: "errors.csrf" },
  "E-404": { http: 404, key: "errors.not_found" },
  "E-405": { http: 405, key: "errors.method" },
  "E-409": { http: 409, key: "errors.conflict" },
  "E-413": { http: 413, key: "errors.too_large" },
  "E-415": { http: 415, key: "errors.media_type" },
  "E-429": { http: 429, key: "errors.rate_limited" },
  "E-500": { http: 500, key: "errors.system" },
  "E-503": { http: 503, key: "errors.unavailable" },
  // Accounts
  "E-101": { http: 401, key: "errors.signin_failed" },
  "E-102": { http: 400, key: "errors.activation_link" },
  "E-103": { http: 400, key: "errors.reset_link" },
  "E-104": { http: 400, key: "errors.email_change_link" },
  "E-105": { http: 400, key: "errors.wrong_password" },
  "E-106": { http: 403, key: "errors.invite_mismatch" },
  "E-107": { http: 409, key: "errors.email_taken" },
  "E-108": { http: 400, key: "errors.same_email" },
  "E-109": { http: 429, key: "errors.signin_locked" },
  // QR manager
  "E-201": { http: 400, key: "errors.not_redirect_code" },
  "E-202": { http: 400, key: "errors.not_wifi_code" },
  // Channel service codes of the spec (§8); later modules raise them.
  "E-701": { http: 403, key: "errors.channel_service_unregistered" },
  "E-710": { http: 409, key: "errors.tag_in_use" },
  "E-713": { http: 409, key: "errors.sendlist_name_taken" },
  "E-715": { http: 409, key: "errors.coupon_in_use" }
};

// packages/shared/src/messages/en.ts
var en = {
  validation: {
    required: "Please fill in this field",
    invalid: "This value is not valid",
    ill_formed_text: "This contains characters that cannot be used",
    email_required: "Please input your email address",
    email_invalid: "Your email address is not valid",
    password_required: "Please input a password",
    password_rule: "Use 6 or more half-width alphanumeric characters",
    password_too_long: "The password must be 255 characters or fewer",
    password_mismatch: "The passwords do not match",
    user_name_required: "Please input your user name",
    user_name_too_long: "The user name must be 255 characters or fewer",
    company_name_too_long: "The company name must be 255 characters or fewer",
    confirm_required: "Please tick the box to confirm",
    url_required: "Please input URL",
    url_invalid: "Please enter the URL correctly",
    url_own_redirect: "A redirect URL of this service (/r/\u2026) cannot be the destination",
    text_required: "Please input text",
    content_too_long: "The text is too long. Please shorten it.",
    title_too_long: "The title must be 255 characters or fewer",
    analysis_type: "Please choose a type of access analysis",
    ssid_required: "Please input SSID",
    ssid_invalid: "The SSID must be up to 32 half-width characters",
    ssid_full_width: "The SSID contains full-width characters (such as Japanese). Use only half-width letters, digits and symbols, 32 at most",
    wifi_password_invalid: "Please enter the password correctly",
    wifi_name_too_long: "The management name must be up to 32 full-width characters",
    expire_invalid: "The expiry must be a number of hours from 1 to 8760, or forever",
    date_invalid: "Enter dates as year-month-day",
    // Read log (analytics module)
    range_from_required: "Please enter the start date",
    range_to_required: "Please enter the end date",
    range_order: "The end date must be on or after the start date",
    range_too_long: "The period can be up to 366 days",
    analytics_range: "Please choose a period",
    analytics_source: "Please choose which reads to count",
    image_type: "Choose PNG, JPEG, EPS or SVG",
    cell_size: "The cell size must be 1 to 50 pixels",
    dpi: "The resolution must be 72 to 2400 dpi",
    margin: "The margin must be 0 to 20 cells",
    image_too_large: "The image would be over 10000 pixels wide. Choose a smaller cell size or margin.",
    channel_name_required: "Please enter a channel name",
    channel_name_too_long: "The channel name can be up to 20 characters",
    channel_user_type: "Please choose individual or company",
    industry_invalid: "Please choose the industry again",
    sub_industry_invalid: "Please choose a sub-industry of the chosen industry",
    description_short_too_long: "The short description can be up to 54 characters",
    description_long_too_long: "The description can be up to 200 characters",
    address_too_long: "The address can be up to 255 characters",
    description_route_too_long: "The directions can be up to 100 characters",
    latitude_range: "Latitude must be a number from -90 to 90",
    longitude_range: "Longitude must be a number from -180 to 180",
    relation_link_text_required: "Please enter the text of the link",
    relation_link_text_too_long: "The text of a link can be up to 255 characters",
    relation_link_url_too_long: "The URL of a link can be up to 255 characters",
    relation_links_too_many: "You can add up to 10 links",
    terms_required: "Please accept the terms of use"
  },
  errors: {
    generic: "An error occurred",
    generic_detail: "Please wait a moment and try again, or contact support.",
    validation: "Please check your input",
    signin_required: "Please log in",
    csrf: "This page has expired. Reload the page and try again.",
    not_found: "The page you are looking for was not found",
    method: "This operation is not allowed",
    conflict: "It is already registered",
    too_large: "The data is too large",
    media_type: "This kind of data is not accepted",
    rate_limited: "Too many requests. Please try again after a while.",
    system: "A system error has occurred. Please try again after a while.",
    unavailable: "The service is unavailable right now. Please try again after a while.",
    signin_failed: "The email address or password is incorrect",
    activation_link: "An error occurred. It seems the correct link was not clicked.",
    reset_link: "Error. The correct link was not clicked.",
    email_change_link: "The link is incorrect. Please send a new confirmation e-mail and try again.",
    wrong_password: "The current password is incorrect",
    invite_mismatch: "The invited account and the logged-in account differ. Log in with another account or contact the person who invited you.",
    email_taken: "This email address is already in use",
    same_email: "This is your current email address",
    signin_locked: "Log-in with this email address is paused after several failed attempts. Please wait a while and try again.",
    not_redirect_code: "Only URL codes with redirect access analysis can change their destination",
    not_wifi_code: "Only Wi-Fi codes have Wi-Fi settings to change",
    channel_service_unregistered: "Please register for the channel service first",
    tag_in_use: "A tag used in a send list cannot be deleted",
    sendlist_name_taken: "A send list with the same name already exists",
    coupon_in_use: "A coupon linked to an unsent message cannot be deleted"
  },
  // Read log CSV (analytics module)
  analytics: {
    csv_day: "Date",
    csv_official: "Reads by the official app",
    csv_other: "Reads by other apps",
    csv_uniques: "Unique users"
  }
};

// packages/shared/src/messages/ja.ts
var ja = {
  validation: {
    required: "\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    invalid: "\u5165\u529B\u5185\u5BB9\u304C\u6B63\u3057\u304F\u3042\u308A\u307E\u305B\u3093",
    ill_formed_text: "\u4F7F\u7528\u3067\u304D\u306A\u3044\u6587\u5B57\u304C\u542B\u307E\u308C\u3066\u3044\u307E\u3059",
    email_required: "\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    email_invalid: "\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u304C\u6B63\u3057\u304F\u3042\u308A\u307E\u305B\u3093",
    password_required: "\u30D1\u30B9\u30EF\u30FC\u30C9\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    password_rule: "\u30D1\u30B9\u30EF\u30FC\u30C9\u306F\u534A\u89D2\u82F1\u6570\u5B576\u6587\u5B57\u4EE5\u4E0A\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    password_too_long: "\u30D1\u30B9\u30EF\u30FC\u30C9\u306F255\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    password_mismatch: "\u30D1\u30B9\u30EF\u30FC\u30C9\u304C\u4E00\u81F4\u3057\u307E\u305B\u3093",
    user_name_required: "\u30E6\u30FC\u30B6\u30FC\u540D\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    user_name_too_long: "\u30E6\u30FC\u30B6\u30FC\u540D\u306F255\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    company_name_too_long: "\u4F1A\u793E\u540D\u306F255\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    confirm_required: "\u78BA\u8A8D\u306E\u305F\u3081\u30C1\u30A7\u30C3\u30AF\u3092\u5165\u308C\u3066\u304F\u3060\u3055\u3044",
    url_required: "URL\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    url_invalid: "URL\u3092\u6B63\u3057\u304F\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    url_own_redirect: "\u3053\u306E\u30B5\u30FC\u30D3\u30B9\u306E\u30EA\u30C0\u30A4\u30EC\u30AF\u30C8URL\uFF08/r/\u2026\uFF09\u306F\u8EE2\u9001\u5148\u306B\u3067\u304D\u307E\u305B\u3093",
    text_required: "\u30C6\u30AD\u30B9\u30C8\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    content_too_long: "\u6587\u5B57\u6570\u304C\u591A\u3059\u304E\u307E\u3059\u3002\u77ED\u304F\u3057\u3066\u304F\u3060\u3055\u3044",
    title_too_long: "\u30BF\u30A4\u30C8\u30EB\u306F255\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    analysis_type: "\u30A2\u30AF\u30BB\u30B9\u89E3\u6790\u306E\u7A2E\u985E\u3092\u9078\u3093\u3067\u304F\u3060\u3055\u3044",
    ssid_required: "SSID\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    ssid_invalid: "SSID\u306F\u534A\u89D232\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    ssid_full_width: "SSID\u306B\u5168\u89D2\u6587\u5B57\uFF08\u304B\u306A\u30FB\u6F22\u5B57\u30FB\u5168\u89D2\u82F1\u6570\u306A\u3069\uFF09\u304C\u542B\u307E\u308C\u3066\u3044\u307E\u3059\u3002SSID\u306F\u534A\u89D2\u306E\u82F1\u6570\u5B57\u3068\u8A18\u53F7\u3060\u3051\u3067\u300132\u6587\u5B57\u4EE5\u5185\u3067\u3059",
    wifi_password_invalid: "\u30D1\u30B9\u30EF\u30FC\u30C9\u3092\u6B63\u3057\u304F\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    wifi_name_too_long: "\u7BA1\u7406\u540D\u306F\u5168\u89D232\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    expire_invalid: "\u6709\u52B9\u671F\u9650\u306F1\u301C8760\u6642\u9593\u306E\u6570\u5B57\u304B\u300C\u7121\u671F\u9650\u300D\u306B\u3057\u3066\u304F\u3060\u3055\u3044",
    date_invalid: "\u65E5\u4ED8\u306F\u5E74-\u6708-\u65E5\u306E\u5F62\u5F0F\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    // Read log (analytics module)
    range_from_required: "\u958B\u59CB\u65E5\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    range_to_required: "\u7D42\u4E86\u65E5\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    range_order: "\u7D42\u4E86\u65E5\u306F\u958B\u59CB\u65E5\u3068\u540C\u3058\u304B\u3001\u305D\u308C\u3088\u308A\u5F8C\u306E\u65E5\u4ED8\u306B\u3057\u3066\u304F\u3060\u3055\u3044",
    range_too_long: "\u671F\u9593\u306F366\u65E5\u4EE5\u5185\u3067\u6307\u5B9A\u3057\u3066\u304F\u3060\u3055\u3044",
    analytics_range: "\u671F\u9593\u3092\u9078\u3093\u3067\u304F\u3060\u3055\u3044",
    analytics_source: "\u96C6\u8A08\u3059\u308B\u8AAD\u307F\u53D6\u308A\u306E\u7A2E\u985E\u3092\u9078\u3093\u3067\u304F\u3060\u3055\u3044",
    image_type: "\u753B\u50CF\u5F62\u5F0F\u306FPNG\u30FBJPEG\u30FBEPS\u30FBSVG\u304B\u3089\u9078\u3093\u3067\u304F\u3060\u3055\u3044",
    cell_size: "\u30BB\u30EB\u30B5\u30A4\u30BA\u306F1\u301C50\u30D4\u30AF\u30BB\u30EB\u3067\u6307\u5B9A\u3057\u3066\u304F\u3060\u3055\u3044",
    dpi: "\u89E3\u50CF\u5EA6\u306F72\u301C2400dpi\u3067\u6307\u5B9A\u3057\u3066\u304F\u3060\u3055\u3044",
    margin: "\u4F59\u767D\u306F0\u301C20\u30BB\u30EB\u3067\u6307\u5B9A\u3057\u3066\u304F\u3060\u3055\u3044",
    image_too_large: "\u753B\u50CF\u304C\u5927\u304D\u3059\u304E\u307E\u3059\uFF08\u4E00\u8FBA10000\u30D4\u30AF\u30BB\u30EB\u307E\u3067\uFF09\u3002\u30BB\u30EB\u30B5\u30A4\u30BA\u304B\u4F59\u767D\u3092\u5C0F\u3055\u304F\u3057\u3066\u304F\u3060\u3055\u3044",
    channel_name_required: "\u30C1\u30E3\u30F3\u30CD\u30EB\u540D\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    channel_name_too_long: "\u30C1\u30E3\u30F3\u30CD\u30EB\u540D\u306F20\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    channel_user_type: "\u500B\u4EBA\u304B\u6CD5\u4EBA\u304B\u3092\u9078\u3093\u3067\u304F\u3060\u3055\u3044",
    industry_invalid: "\u696D\u7A2E\u3092\u9078\u3073\u76F4\u3057\u3066\u304F\u3060\u3055\u3044",
    sub_industry_invalid: "\u696D\u7A2E\u306B\u5408\u3046\u8A73\u7D30\u696D\u7A2E\u3092\u9078\u3093\u3067\u304F\u3060\u3055\u3044",
    description_short_too_long: "\u77ED\u3044\u7D39\u4ECB\u6587\u306F54\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    description_long_too_long: "\u7D39\u4ECB\u6587\u306F200\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    address_too_long: "\u4F4F\u6240\u306F255\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    description_route_too_long: "\u30A2\u30AF\u30BB\u30B9\u65B9\u6CD5\u306F100\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    latitude_range: "\u7DEF\u5EA6\u306F-90\u301C90\u306E\u6570\u5B57\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    longitude_range: "\u7D4C\u5EA6\u306F-180\u301C180\u306E\u6570\u5B57\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    relation_link_text_required: "\u30EA\u30F3\u30AF\u306E\u8868\u793A\u540D\u3092\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    relation_link_text_too_long: "\u30EA\u30F3\u30AF\u306E\u8868\u793A\u540D\u306F255\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    relation_link_url_too_long: "\u30EA\u30F3\u30AF\u306EURL\u306F255\u6587\u5B57\u4EE5\u5185\u3067\u5165\u529B\u3057\u3066\u304F\u3060\u3055\u3044",
    relation_links_too_many: "\u95A2\u9023\u30EA\u30F3\u30AF\u306F10\u4EF6\u307E\u3067\u3067\u3059",
    terms_required: "\u5229\u7528\u898F\u7D04\u306B\u540C\u610F\u3057\u3066\u304F\u3060\u3055\u3044"
  },
  errors: {
    generic: "\u30A8\u30E9\u30FC\u304C\u767A\u751F\u3057\u307E\u3057\u305F",
    generic_detail: "\u3057\u3070\u3089\u304F\u5F85\u3063\u3066\u304B\u3089\u518D\u5EA6\u304A\u8A66\u3057\u3044\u305F\u3060\u304F\u304B\u3001\u30B5\u30DD\u30FC\u30C8\u307E\u3067\u304A\u554F\u3044\u5408\u308F\u305B\u304F\u3060\u3055\u3044\u3002",
    validation: "\u5165\u529B\u5185\u5BB9\u3092\u78BA\u8A8D\u3057\u3066\u304F\u3060\u3055\u3044",
    signin_required: "\u30ED\u30B0\u30A4\u30F3\u3057\u3066\u304F\u3060\u3055\u3044",
    csrf: "\u753B\u9762\u306E\u6709\u52B9\u671F\u9650\u304C\u5207\u308C\u307E\u3057\u305F\u3002\u30DA\u30FC\u30B8\u3092\u518D\u8AAD\u307F\u8FBC\u307F\u3057\u3066\u3082\u3046\u4E00\u5EA6\u304A\u8A66\u3057\u304F\u3060\u3055\u3044\u3002",
    not_found: "\u304A\u63A2\u3057\u306E\u30DA\u30FC\u30B8\u306F\u898B\u3064\u304B\u308A\u307E\u305B\u3093\u3067\u3057\u305F",
    method: "\u3053\u306E\u64CD\u4F5C\u306F\u8A31\u53EF\u3055\u308C\u3066\u3044\u307E\u305B\u3093",
    conflict: "\u3059\u3067\u306B\u767B\u9332\u3055\u308C\u3066\u3044\u307E\u3059",
    too_large: "\u30C7\u30FC\u30BF\u304C\u5927\u304D\u3059\u304E\u307E\u3059",
    media_type: "\u3053\u306E\u5F62\u5F0F\u306E\u30C7\u30FC\u30BF\u306F\u53D7\u3051\u4ED8\u3051\u3089\u308C\u307E\u305B\u3093",
    rate_limited: "\u30EA\u30AF\u30A8\u30B9\u30C8\u304C\u591A\u3059\u304E\u307E\u3059\u3002\u3057\u3070\u3089\u304F\u3057\u3066\u304B\u3089\u518D\u5EA6\u304A\u8A66\u3057\u304F\u3060\u3055\u3044\u3002",
    system: "\u30B7\u30B9\u30C6\u30E0\u30A8\u30E9\u30FC\u304C\u767A\u751F\u3057\u307E\u3057\u305F\u3002\u3057\u3070\u3089\u304F\u3057\u3066\u304B\u3089\u518D\u5EA6\u304A\u8A66\u3057\u304F\u3060\u3055\u3044\u3002",
    unavailable: "\u305F\u3060\u3044\u307E\u30B5\u30FC\u30D3\u30B9\u3092\u5229\u7528\u3067\u304D\u307E\u305B\u3093\u3002\u3057\u3070\u3089\u304F\u3057\u3066\u304B\u3089\u518D\u5EA6\u304A\u8A66\u3057\u304F\u3060\u3055\u3044\u3002",
    signin_failed: "\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u307E\u305F\u306F\u30D1\u30B9\u30EF\u30FC\u30C9\u304C\u6B63\u3057\u304F\u3042\u308A\u307E\u305B\u3093",
    activation_link: "\u30A8\u30E9\u30FC\u304C\u767A\u751F\u3057\u307E\u3057\u305F\u3002\u6B63\u3057\u3044\u30EA\u30F3\u30AF\u304C\u30AF\u30EA\u30C3\u30AF\u3055\u308C\u306A\u304B\u3063\u305F\u3088\u3046\u3067\u3059\u3002",
    reset_link: "\u30A8\u30E9\u30FC\u304C\u767A\u751F\u3057\u307E\u3057\u305F\u3002\u6B63\u3057\u3044\u30EA\u30F3\u30AF\u304C\u30AF\u30EA\u30C3\u30AF\u3055\u308C\u306A\u304B\u3063\u305F\u3088\u3046\u3067\u3059\u3002",
    email_change_link: "\u30EA\u30F3\u30AF\u304C\u6B63\u3057\u304F\u3042\u308A\u307E\u305B\u3093\u3002\u3082\u3046\u4E00\u5EA6\u78BA\u8A8D\u30E1\u30FC\u30EB\u3092\u9001\u4FE1\u3057\u3066\u304B\u3089\u304A\u8A66\u3057\u304F\u3060\u3055\u3044\u3002",
    wrong_password: "\u73FE\u5728\u306E\u30D1\u30B9\u30EF\u30FC\u30C9\u304C\u6B63\u3057\u304F\u3042\u308A\u307E\u305B\u3093",
    invite_mismatch: "\u62DB\u5F85\u3055\u308C\u305F\u30A2\u30AB\u30A6\u30F3\u30C8\u3068\u30ED\u30B0\u30A4\u30F3\u4E2D\u306E\u30A2\u30AB\u30A6\u30F3\u30C8\u304C\u7570\u306A\u308A\u307E\u3059\u3002\u5225\u306E\u30A2\u30AB\u30A6\u30F3\u30C8\u3067\u30ED\u30B0\u30A4\u30F3\u3059\u308B\u304B\u3001\u62DB\u5F85\u3057\u305F\u65B9\u306B\u304A\u554F\u3044\u5408\u308F\u305B\u304F\u3060\u3055\u3044\u3002",
    email_taken: "\u3053\u306E\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u306F\u3059\u3067\u306B\u4F7F\u308F\u308C\u3066\u3044\u307E\u3059",
    same_email: "\u73FE\u5728\u3068\u540C\u3058\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u3067\u3059",
    signin_locked: "\u30ED\u30B0\u30A4\u30F3\u306E\u5931\u6557\u304C\u7D9A\u3044\u305F\u305F\u3081\u3001\u3053\u306E\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u306E\u30ED\u30B0\u30A4\u30F3\u3092\u4E00\u6642\u7684\u306B\u6B62\u3081\u3066\u3044\u307E\u3059\u3002\u3057\u3070\u3089\u304F\u5F85\u3063\u3066\u304B\u3089\u518D\u5EA6\u304A\u8A66\u3057\u304F\u3060\u3055\u3044\u3002",
    not_redirect_code: "\u30EA\u30C0\u30A4\u30EC\u30AF\u30C8\u65B9\u5F0F\u306E\u30A2\u30AF\u30BB\u30B9\u89E3\u6790\u3092\u4F7F\u3063\u3066\u3044\u308BURL\u306EQR\u30B3\u30FC\u30C9\u3060\u3051\u3001\u8EE2\u9001\u5148\u3092\u5909\u66F4\u3067\u304D\u307E\u3059",
    not_wifi_code: "Wi-Fi\u8A2D\u5B9A\u3092\u5909\u66F4\u3067\u304D\u308B\u306E\u306FWi-Fi\u306EQR\u30B3\u30FC\u30C9\u3060\u3051\u3067\u3059",
    channel_service_unregistered: "\u30C1\u30E3\u30F3\u30CD\u30EB\u30B5\u30FC\u30D3\u30B9\u306B\u767B\u9332\u3057\u3066\u304B\u3089\u3054\u5229\u7528\u304F\u3060\u3055\u3044",
    tag_in_use: "\u9001\u4FE1\u30EA\u30B9\u30C8\u3067\u4F7F\u7528\u4E2D\u306E\u30BF\u30B0\u306F\u524A\u9664\u3067\u304D\u307E\u305B\u3093",
    sendlist_name_taken: "\u540C\u3058\u540D\u524D\u306E\u9001\u4FE1\u30EA\u30B9\u30C8\u304C\u3059\u3067\u306B\u5B58\u5728\u3057\u307E\u3059",
    coupon_in_use: "\u672A\u9001\u4FE1\u306E\u30E1\u30C3\u30BB\u30FC\u30B8\u306B\u7D10\u3065\u3044\u3066\u3044\u308B\u30AF\u30FC\u30DD\u30F3\u306F\u524A\u9664\u3067\u304D\u307E\u305B\u3093"
  },
  // Read log CSV (analytics module)
  analytics: {
    csv_day: "\u65E5\u4ED8",
    csv_official: "\u516C\u5F0F\u30A2\u30D7\u30EA\u3067\u306E\u8AAD\u307F\u53D6\u308A",
    csv_other: "\u305D\u306E\u4ED6\u306E\u30A2\u30D7\u30EA\u3067\u306E\u8AAD\u307F\u53D6\u308A",
    csv_uniques: "\u30E6\u30CB\u30FC\u30AF\u30E6\u30FC\u30B6\u30FC\u6570"
  }
};

// packages/shared/src/messages/index.ts
var messages = { ja, en };
function translate(key, locale) {
  let node = messages[locale];
  for (const part of key.split(".")) {
    node = node?.[part];
  }
  return typeof node === "string" ? node : key;
}

// packages/shared/src/wifi-payload.ts
var SPECIAL = /[\\;,:"]/g;
function escapeWifiField(value) {
  return value.replace(SPECIAL, (c) => `\\${c}`);
}
function wifiPayload(profile) {
  const parts = [`T:${profile.encryption}`, `S:${escapeWifiField(profile.ssid)}`];
  if (profile.encryption !== "nopass") parts.push(`P:${escapeWifiField(profile.password)}`);
  if (profile.hidden) parts.push("H:true");
  return `WIFI:${parts.join(";")};;`;
}

// apps/server/src/modules/analytics/routes.ts
import { z as z7 } from "zod";

// apps/server/src/platform/errors.ts
var AppError = class _AppError extends Error {
  constructor(code, options = {}) {
    super(code);
    this.code = code;
    this.options = options;
    this.statusCode = ERRORS[code].http;
  }
  code;
  options;
  statusCode;
  /** A validation failure on one field, raised by service code after the schema has passed. */
  static field(field, rule) {
    return new _AppError("E-400", { fields: [{ field, rule }] });
  }
};
function errorBody(code, locale, error) {
  const key = error?.options.messageKey ?? ERRORS[code].key;
  const fields = error?.options.fields?.map((f) => ({ ...f, message: translate(f.rule, locale) }));
  return {
    status: { code, message: translate(key, locale) },
    ...fields?.length ? { errors: fields } : {}
  };
}
function ok(data) {
  return { status: { code: SUCCESS_CODE, message: "OK" }, ...data ?? {} };
}

// apps/server/src/platform/schemas.ts
import { z as z5 } from "zod";
var statusSchema = z5.object({ code: z5.string(), message: z5.string() });
function okResponse(shape) {
  return z5.object({ status: statusSchema, ...shape ?? {} });
}
var errorResponse = z5.object({
  status: statusSchema,
  errors: z5.array(z5.object({ field: z5.string(), rule: z5.string(), message: z5.string() })).optional()
});
var linkQuery = z5.object({
  user_id: z5.string().trim().min(1).max(128),
  confirmation_code: z5.string().trim().min(1).max(128)
});
function responses(shape) {
  return { 200: okResponse(shape), "4xx": errorResponse, "5xx": errorResponse };
}

// apps/server/src/modules/qrcodes/present.ts
import { z as z6 } from "zod";
function presentQrCode(row, publicUrl) {
  return {
    id: row.id,
    title: row.title,
    tab: row.tab,
    type: row.type,
    url: row.content,
    payload: row.payload,
    analysis: row.analysis_type !== 0,
    analysis_type: row.analysis_type,
    redirect_url: row.short_code ? redirectUrl(publicUrl, row.short_code) : null,
    wifi: row.type === 3 ? {
      name: row.wifi_name ?? "",
      ssid: row.wifi_ssid ?? "",
      password: row.wifi_password ?? "",
      encryption: row.wifi_encryption ?? "WPA",
      hidden: Boolean(row.wifi_hidden),
      expir_time: row.wifi_expire_hours
    } : null,
    created_at: row.created_at,
    total_read_count: row.read_count,
    version: row.version,
    // Every call answers only codes of the caller; shared codes (next issue) will say false.
    is_owner: true
  };
}
function redirectUrl(publicUrl, shortCode) {
  return `${publicUrl}${REDIRECT_PREFIX}${shortCode}`;
}
var qrCodeSchema = z6.object({
  id: z6.string(),
  title: z6.string(),
  tab: z6.union([z6.literal(0), z6.literal(1), z6.literal(2)]),
  type: z6.union([z6.literal(1), z6.literal(3)]),
  url: z6.string().describe("The URL, the text, or the SSID of a Wi-Fi code"),
  payload: z6.string().describe("Exactly what the code holds"),
  analysis: z6.boolean(),
  analysis_type: z6.union([z6.literal(0), z6.literal(1), z6.literal(2)]),
  redirect_url: z6.string().nullable(),
  wifi: z6.object({
    name: z6.string(),
    ssid: z6.string(),
    password: z6.string(),
    encryption: z6.enum(["WPA", "WEP", "nopass"]),
    hidden: z6.boolean(),
    expir_time: z6.number().nullable().describe("Hours, or null for forever")
  }).nullable(),
  created_at: z6.number().describe("Unix milliseconds"),
  total_read_count: z6.number(),
  version: z6.number().int(),
  is_owner: z6.boolean()
});
var qrListSchema = {
  qrcodes: z6.array(qrCodeSchema),
  total_count: z6.number().int(),
  page: z6.number().int().describe("The page answered: the one asked for, or the last page that exists when that is past the end"),
  page_count: z6.number().int().describe("Pages that exist (at least 1)"),
  page_size: z6.number().int(),
  history_days: z6.number().int().optional().describe("Guests only: days the browser keeps its history")
};

// apps/server/src/platform/account-hooks.ts
var AccountHooks = class {
  activated = [];
  signInCode = [];
  deleting = [];
  onActivated(handler) {
    this.activated.push(handler);
  }
  onSignInCode(handler) {
    this.signInCode.push(handler);
  }
  /** Before the cascade deletes what the account owns: a module notes what it must tell others. */
  onDeleting(handler) {
    this.deleting.push(handler);
  }
  /** Call before deleting the account; call what it returns after the deletion. */
  async runDeleting(event) {
    const after = [];
    for (const h of this.deleting) after.push(await h(event));
    return () => {
      for (const done of after) done();
    };
  }
  async runActivated(event) {
    for (const h of this.activated) await h(event);
  }
  async runSignInCode(event) {
    for (const h of this.signInCode) await h(event);
  }
};
var GUEST_HISTORY_COOKIE = "qr_history";

// apps/server/src/platform/crypto.ts
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
function randomToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}
function sha256(value) {
  return createHash("sha256").update(value).digest("hex");
}
function hmac(secret, value) {
  return createHmac("sha256", secret).update(value).digest("base64url");
}
function safeEqual(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// apps/server/src/modules/qrcodes/guest-history.ts
var KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
function guestKeyHash(request) {
  const key = request.cookies[GUEST_HISTORY_COOKIE];
  return key && KEY_PATTERN.test(key) ? sha256(key) : null;
}
function guestKeyFor(request) {
  const current = request.cookies[GUEST_HISTORY_COOKIE];
  const key = current && KEY_PATTERN.test(current) ? current : randomToken(24);
  return { key, hash: sha256(key) };
}
function setGuestCookie(reply, config2, key) {
  reply.setCookie(GUEST_HISTORY_COOKIE, key, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config2.secureCookies,
    maxAge: config2.GUEST_HISTORY_DAYS * 86400
  });
}
function hashCarryOverKey(key) {
  return KEY_PATTERN.test(key) ? sha256(key) : null;
}

// apps/server/src/modules/qrcodes/repository.ts
import { sql } from "kysely";
var q = (db2, trx) => trx ?? db2.kysely;
var nothing = sql`1 = 0`;
function ownedBy(viewer) {
  return (eb) => {
    const ors = [];
    if (viewer.userId) ors.push(eb("user_id", "=", viewer.userId));
    if (viewer.guestKeyHash)
      ors.push(eb.and([eb("user_id", "is", null), eb("guest_key_hash", "=", viewer.guestKeyHash)]));
    return ors.length ? eb.or(ors) : nothing;
  };
}
async function insertQrCode(db2, row, trx) {
  await q(db2, trx).insertInto("qr_codes").values(row).execute();
}
function findQrCode(db2, id, trx) {
  return q(db2, trx).selectFrom("qr_codes").selectAll().where("id", "=", id).executeTakeFirst();
}
function findViewableQrCode(db2, id, viewer) {
  return db2.kysely.selectFrom("qr_codes").selectAll().where("id", "=", id).where(ownedBy(viewer)).executeTakeFirst();
}
function findMemberQrCode(db2, id, userId, trx) {
  return q(db2, trx).selectFrom("qr_codes").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}
var shortCodeStatements = /* @__PURE__ */ new WeakMap();
async function findByShortCode(db2, shortCode) {
  if (db2.sqlite) {
    let statement = shortCodeStatements.get(db2.sqlite);
    if (!statement) {
      statement = db2.sqlite.prepare("select id, tab, content from qr_codes where short_code = ?");
      shortCodeStatements.set(db2.sqlite, statement);
    }
    return statement.get(shortCode);
  }
  return db2.kysely.selectFrom("qr_codes").select(["id", "tab", "content"]).where("short_code", "=", shortCode).executeTakeFirst();
}
async function listQrCodes(db2, f) {
  let base = db2.kysely.selectFrom("qr_codes");
  base = f.sharedWithViewer ? base.where(nothing) : base.where(ownedBy(f.viewer));
  if (f.onlyShared) base = base.where(nothing);
  if (f.title) base = base.where(sql`title_folded like ${likeContains(f.title)} escape '\\'`);
  if (f.createdFrom !== void 0) base = base.where("created_at", ">=", f.createdFrom);
  if (f.createdTo !== void 0) base = base.where("created_at", "<=", f.createdTo);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(f.limit).offset(f.offset).execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()
  ]);
  return { rows, total: Number(count.n) };
}
function likeContains(text) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
async function updateQrCode(db2, id, patch, trx) {
  await q(db2, trx).updateTable("qr_codes").set({ ...patch, updated_at: Date.now() }).where("id", "=", id).execute();
}
async function deleteMemberQrCode(db2, id, userId) {
  const result = await db2.kysely.deleteFrom("qr_codes").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
async function memberShortCodes(db2, userId) {
  const rows = await db2.kysely.selectFrom("qr_codes").select("short_code").where("user_id", "=", userId).where("short_code", "is not", null).execute();
  return rows.flatMap((r) => r.short_code ? [r.short_code] : []);
}
async function adoptGuestCodes(db2, guestKeyHash2, userId, trx) {
  const result = await q(db2, trx).updateTable("qr_codes").set({ user_id: userId, guest_key_hash: null, updated_at: Date.now() }).where("user_id", "is", null).where("guest_key_hash", "=", guestKeyHash2).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
async function getOrCreateReadSalt(db2, day, create) {
  await db2.kysely.insertInto("read_salts").values({ day, salt: create(), created_at: Date.now() }).onConflict((oc) => oc.column("day").doNothing()).execute();
  const row = await db2.kysely.selectFrom("read_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}
async function deleteOldReadSalts(db2, olderThan) {
  await db2.kysely.deleteFrom("read_salts").where("created_at", "<", olderThan).execute();
}

// apps/server/src/modules/analytics/access.ts
async function readableCode(ctx2, req, id) {
  const userId = await ctx2.sessions.userId(req);
  const code = await findViewableQrCode(ctx2.db, id, { userId, guestKeyHash: guestKeyHash(req) });
  if (!code) throw new AppError("E-404");
  return code;
}

// apps/server/src/modules/analytics/csv.ts
import { Readable } from "node:stream";

// apps/server/src/modules/qrcodes/visitors.ts
var BOT = /bot[/;)+.]|\bbot\b|crawl|spider|slurp|facebookexternalhit|facebookcatalog|embedly|preview|monitor|uptime|pingdom|lighthouse|headless|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy|feedfetcher|mediapartners|whatsapp|telegram|discord|slack|skypeuripreview|vkshare|bitlybot|tumblr|redditbot|ia_archiver|semrush|ahrefs|petalbot|yandex|baiduspider|bingpreview|qwantify|applebot/i;
var botMemo = /* @__PURE__ */ new Map();
var BOT_MEMO_MAX = 2e3;
function isBot(userAgent) {
  if (!userAgent) return true;
  let bot = botMemo.get(userAgent);
  if (bot === void 0) {
    bot = BOT.test(userAgent);
    if (botMemo.size >= BOT_MEMO_MAX) botMemo.clear();
    botMemo.set(userAgent, bot);
  }
  return bot;
}
function osClass(userAgent) {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
  if (/Android/.test(userAgent)) return "android";
  if (/Windows/.test(userAgent)) return "windows";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "mac";
  if (/Linux|X11|CrOS/.test(userAgent)) return "linux";
  return "other";
}
var TOKYO_OFFSET_MS = 9 * 36e5;
function tokyoDay(at) {
  return new Date(at + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}
function visitorHash(dailyKey, qrId, ip, userAgent) {
  return hmac(dailyKey, `${qrId}
${ip}
${userAgent}`).slice(0, 22);
}
function deviceVisitorHash(dailyKey, qrId, deviceHash) {
  return hmac(dailyKey, `${qrId}
device
${deviceHash}`).slice(0, 22);
}

// apps/server/src/modules/analytics/days.ts
var DAY_MS = 864e5;
function addDays(day, n) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
function eachDay(from, to) {
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
function rangeDays(range, custom, createdAt, now) {
  const today = tokyoDay(now);
  switch (range) {
    case ANALYTICS_RANGES.week:
      return { from: addDays(today, 1 - ANALYTICS_LIMITS.weekDays), to: today };
    case ANALYTICS_RANGES.month:
      return { from: addDays(today, 1 - ANALYTICS_LIMITS.monthDays), to: today };
    case ANALYTICS_RANGES.custom:
      return { from: custom.from ?? today, to: custom.to ?? today };
    case ANALYTICS_RANGES.all: {
      const created = tokyoDay(createdAt);
      return { from: [created, today].sort()[0] ?? today, to: today };
    }
    default:
      return { from: today, to: today };
  }
}

// apps/server/src/modules/analytics/queries.ts
import { sql as sql2 } from "kysely";
function dayRows(db2, qrId, from, to) {
  return db2.kysely.selectFrom("read_days").select(["day", "official", "other", "uniques_official", "uniques_other"]).where("qr_id", "=", qrId).where("day", ">=", from).where("day", "<=", to).orderBy("day").execute();
}
async function dimTotals(db2, qrId, from, to) {
  const rows = await db2.kysely.selectFrom("read_dims").select((eb) => [
    "dim",
    "value",
    eb.fn.sum("official").as("official"),
    eb.fn.sum("other").as("other")
  ]).where("qr_id", "=", qrId).where("day", ">=", from).where("day", "<=", to).groupBy(["dim", "value"]).execute();
  return rows.map((r) => ({
    dim: r.dim,
    value: r.value,
    official: Number(r.official),
    other: Number(r.other)
  }));
}
async function lifetime(db2, qrId) {
  const row = await db2.kysely.selectFrom("read_days").select([
    sql2`sum(official)`.as("official"),
    sql2`sum(other)`.as("other"),
    sql2`sum(uniques_official + uniques_other)`.as("uniques"),
    sql2`min(day)`.as("first")
  ]).where("qr_id", "=", qrId).executeTakeFirst();
  return {
    totals: {
      official: Number(row?.official ?? 0),
      other: Number(row?.other ?? 0),
      uniques: Number(row?.uniques ?? 0)
    },
    firstReadDay: row?.first ?? null
  };
}
function counted(source, official, other) {
  return {
    official: source === ANALYTICS_SOURCES.other ? 0 : official,
    other: source === ANALYTICS_SOURCES.official ? 0 : other
  };
}

// apps/server/src/modules/analytics/csv.ts
var BOM = "\uFEFF";
var LINES_PER_CHUNK = 64;
async function dailyCsv(db2, qrId, from, to, locale) {
  const rows = new Map((await dayRows(db2, qrId, from, to)).map((r) => [r.day, r]));
  const header3 = ["csv_day", "csv_official", "csv_other", "csv_uniques"].map(
    (k) => quote(translate(`analytics.${k}`, locale))
  );
  function* lines() {
    let chunk2 = `${BOM}${header3.join(",")}\r
`;
    let n = 0;
    for (const day of eachDay(from, to)) {
      const r = rows.get(day);
      chunk2 += r ? `${day},${r.official},${r.other},${r.uniques_official + r.uniques_other}\r
` : `${day},0,0,0\r
`;
      if (++n % LINES_PER_CHUNK === 0) {
        yield chunk2;
        chunk2 = "";
      }
    }
    if (chunk2) yield chunk2;
  }
  return Readable.from(lines(), { objectMode: false });
}
function quote(cell) {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
function csvFilename(id, from, to) {
  return `qr-${id.replace(/[^A-Za-z0-9_-]/g, "")}-${from}-${to}.csv`;
}

// apps/server/src/modules/analytics/graph.ts
var byReads = (a, b) => b.reads - a.reads || a.key.localeCompare(b.key);
async function graphOf(db2, code, query, now = Date.now()) {
  const { from, to } = rangeDays(query.range, query, code.created_at, now);
  const source = query.type;
  const [rows, dims] = await Promise.all([dayRows(db2, code.id, from, to), dimTotals(db2, code.id, from, to)]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const totals = { official: 0, other: 0, uniques: 0 };
  const days = eachDay(from, to).map((day) => {
    const r = byDay.get(day);
    if (!r) return { day, official: 0, other: 0, uniques: 0 };
    const reads = counted(source, r.official, r.other);
    const uniques = (source === ANALYTICS_SOURCES.other ? 0 : r.uniques_official) + (source === ANALYTICS_SOURCES.official ? 0 : r.uniques_other);
    totals.official += reads.official;
    totals.other += reads.other;
    totals.uniques += uniques;
    return { day, ...reads, uniques };
  });
  const ranked = (dim) => dims.filter((d) => d.dim === dim).map((d) => {
    const reads = counted(source, d.official, d.other);
    return { key: d.value, reads: reads.official + reads.other };
  }).filter((d) => d.reads > 0).sort(byReads);
  return {
    from,
    to,
    days,
    countries: ranked("c").map((d) => ({ country: d.key, reads: d.reads })),
    prefectures: ranked("p").map((d) => ({ prefecture: d.key, reads: d.reads })),
    os: ranked("o").filter((d) => ANALYTICS_OS.includes(d.key)).map((d) => ({ os: d.key, reads: d.reads })),
    totals
  };
}

// apps/server/src/modules/analytics/routes.ts
var tags = ["analytics"];
function analyticsRoutes(ctx2) {
  return async (app2) => {
    app2.get(
      `${api.analyticsData}:id/`,
      {
        schema: {
          tags,
          params: analyticsIdParams,
          response: responses({ qrcode: qrCodeSchema, ...analyticsDataShape })
        }
      },
      async (req) => {
        const code = await readableCode(ctx2, req, req.params.id);
        const { totals, firstReadDay } = await lifetime(ctx2.db, code.id);
        return ok({
          qrcode: presentQrCode(code, ctx2.config.publicUrl),
          totals,
          first_read_day: firstReadDay
        });
      }
    );
    app2.get(
      `${api.analyticsGraph}:id/`,
      {
        schema: {
          tags,
          params: analyticsIdParams,
          querystring: analyticsGraphQuery,
          response: responses(analyticsGraphShape),
          description: "range: 0 today, 1 last 7 days, 2 last 30 days, 3 custom (from, to), 4 all. type: 0 both sources, 1 other apps, 2 official app."
        }
      },
      async (req) => {
        const code = await readableCode(ctx2, req, req.params.id);
        return ok(await graphOf(ctx2.db, code, req.query));
      }
    );
    app2.get(
      `${api.analyticsCsv}:id/`,
      {
        schema: {
          tags,
          params: analyticsIdParams,
          querystring: analyticsCsvQuery,
          description: "UTF-8 CSV with BOM, one line per Asia/Tokyo day: day, official, other, uniques.",
          response: { 200: z7.unknown().describe("text/csv"), "4xx": errorResponse, "5xx": errorResponse }
        }
      },
      async (req, reply) => {
        const code = await readableCode(ctx2, req, req.params.id);
        const { from, to } = req.query;
        const body = await dailyCsv(ctx2.db, code.id, from, to, req.locale);
        return reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${csvFilename(code.id, from, to)}"`).header("cache-control", "no-store").header("x-content-type-options", "nosniff").send(body);
      }
    );
  };
}

// apps/server/src/modules/auth/routes.ts
import { z as z8 } from "zod";

// apps/server/src/platform/passwords.ts
import argon2 from "argon2";
var OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
function hashPassword(password) {
  return argon2.hash(password, OPTIONS);
}
var dummyHash;
async function verifyPassword(hash, password) {
  if (!hash) {
    dummyHash ??= hashPassword("timing-equaliser");
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// apps/server/src/modules/auth/repository.ts
var q2 = (db2, trx) => trx ?? db2.kysely;
function findUserByEmail(db2, email, trx) {
  return q2(db2, trx).selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}
function findUserById(db2, id, trx) {
  return q2(db2, trx).selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}
async function findActiveUser(db2, id) {
  const user2 = await findUserById(db2, id);
  return user2?.status === "active" ? user2 : void 0;
}
async function insertUser(db2, user2) {
  await db2.kysely.insertInto("users").values(user2).execute();
}
async function updateUser(db2, id, patch, trx) {
  await q2(db2, trx).updateTable("users").set({ ...patch, updated_at: Date.now() }).where("id", "=", id).execute();
}
async function deleteUser(db2, id) {
  await db2.kysely.deleteFrom("users").where("id", "=", id).execute();
}
async function deletePendingUser(db2, id, trx) {
  await q2(db2, trx).deleteFrom("users").where("id", "=", id).where("status", "=", "pending").execute();
}
async function deleteStalePendingUsers(db2, olderThan) {
  await db2.kysely.deleteFrom("users").where("status", "=", "pending").where("created_at", "<", olderThan).execute();
}
async function insertConfirmation(db2, row) {
  await db2.kysely.deleteFrom("confirmations").where("user_id", "=", row.user_id).where("purpose", "=", row.purpose).where("used_at", "is", null).execute();
  await db2.kysely.insertInto("confirmations").values({ ...row, new_email: row.new_email ?? null, used_at: null, created_at: Date.now() }).execute();
}
function findOpenConfirmation(db2, where, trx) {
  return q2(db2, trx).selectFrom("confirmations").selectAll().where("user_id", "=", where.user_id).where("purpose", "=", where.purpose).where("code_hash", "=", where.code_hash).where("used_at", "is", null).where("expires_at", ">", Date.now()).executeTakeFirst();
}
function findUsedConfirmation(db2, where) {
  return db2.kysely.selectFrom("confirmations").select("id").where("user_id", "=", where.user_id).where("purpose", "=", where.purpose).where("code_hash", "=", where.code_hash).where("used_at", "is not", null).executeTakeFirst();
}
async function markConfirmationUsed(db2, id, trx) {
  const result = await q2(db2, trx).updateTable("confirmations").set({ used_at: Date.now() }).where("id", "=", id).where("used_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
async function deleteOldConfirmations(db2, olderThan) {
  await db2.kysely.deleteFrom("confirmations").where("expires_at", "<", olderThan).execute();
}
function findSignInLock(db2, emailHash) {
  return db2.kysely.selectFrom("sign_in_locks").selectAll().where("email_hash", "=", emailHash).executeTakeFirst();
}
async function saveSignInLock(db2, row) {
  const { email_hash, ...rest } = row;
  await db2.kysely.insertInto("sign_in_locks").values(row).onConflict((oc) => oc.column("email_hash").doUpdateSet(rest)).execute();
}
async function deleteSignInLock(db2, emailHash) {
  await db2.kysely.deleteFrom("sign_in_locks").where("email_hash", "=", emailHash).execute();
}
async function deleteStaleSignInLocks(db2, before) {
  await db2.kysely.deleteFrom("sign_in_locks").where("updated_at", "<", before).where("locked_until", "<", before).execute();
}

// apps/server/src/modules/auth/account.ts
function presentUser(user2) {
  return { user_id: user2.id, user_name: user2.user_name, company_name: user2.company_name, email: user2.email };
}
async function getUserInfo(ctx2, userId) {
  const user2 = await findActiveUser(ctx2.db, userId);
  if (!user2) throw new AppError("E-401");
  return presentUser(user2);
}
async function updateUserInfo(ctx2, input) {
  await updateUser(ctx2.db, input.userId, { user_name: input.user_name, company_name: input.company_name });
  return getUserInfo(ctx2, input.userId);
}
var wrongPassword = (field) => new AppError("E-105", { fields: [{ field, rule: "errors.wrong_password" }] });
async function requirePassword(ctx2, userId, password, field) {
  const user2 = await findActiveUser(ctx2.db, userId);
  if (!user2) throw new AppError("E-401");
  if (!await verifyPassword(user2.password_hash, password)) throw wrongPassword(field);
  return user2;
}
async function changePassword(ctx2, input) {
  await requirePassword(ctx2, input.userId, input.current_password, "current_password");
  await updateUser(ctx2.db, input.userId, { password_hash: await hashPassword(input.new_password) });
}
async function unsubscribe(ctx2, input) {
  await requirePassword(ctx2, input.userId, input.password, "password");
  const deleted = await ctx2.hooks.runDeleting({ userId: input.userId });
  await deleteUser(ctx2.db, input.userId);
  deleted();
}

// apps/server/src/modules/auth/links.ts
var LIFETIME_HOURS = {
  activation: LINK_LIFETIME_HOURS.activation,
  password_reset: LINK_LIFETIME_HOURS.passwordReset,
  email_change: LINK_LIFETIME_HOURS.emailChange
};
var LINK_ERROR = {
  activation: "E-102",
  password_reset: "E-103",
  email_change: "E-104"
};
async function issueLinkCode(db2, options) {
  const code = randomToken(24);
  await insertConfirmation(db2, {
    user_id: options.userId,
    purpose: options.purpose,
    code_hash: sha256(code),
    new_email: options.newEmail,
    expires_at: Date.now() + LIFETIME_HOURS[options.purpose] * 36e5
  });
  return code;
}
async function findLink(db2, link, trx) {
  const row = await findOpenConfirmation(
    db2,
    { user_id: link.userId, purpose: link.purpose, code_hash: sha256(link.code) },
    trx
  );
  if (!row) throw new AppError(LINK_ERROR[link.purpose]);
  return row;
}
async function isUsedLink(db2, link) {
  const row = await findUsedConfirmation(db2, {
    user_id: link.userId,
    purpose: link.purpose,
    code_hash: sha256(link.code)
  });
  return row !== void 0;
}
async function consumeLink(db2, link, trx) {
  const row = await findLink(db2, link, trx);
  if (!await markConfirmationUsed(db2, row.id, trx)) throw new AppError(LINK_ERROR[link.purpose]);
  return row;
}
function linkUrl(publicUrl, path5, userId, code) {
  const query = new URLSearchParams({ user_id: userId, confirmation_code: code });
  return `${publicUrl}${path5}?${query.toString()}`;
}

// apps/server/src/modules/auth/activate.ts
async function checkActivationLink(ctx2, link) {
  const user2 = await findUserById(ctx2.db, link.userId);
  if (user2?.status === "active" && await isUsedLink(ctx2.db, { ...link, purpose: "activation" })) {
    return { state: "active", signed_in: link.sessionUserId === user2.id };
  }
  if (user2?.status !== "pending") throw new AppError("E-102");
  await findLink(ctx2.db, { ...link, purpose: "activation" });
  return { state: "pending", email: user2.email };
}
async function activate(ctx2, input) {
  const link = { userId: input.user_id, code: input.confirmation_code, purpose: "activation" };
  const user2 = await findUserById(ctx2.db, link.userId);
  if (user2?.status !== "pending") throw new AppError("E-102");
  await findLink(ctx2.db, link);
  const passwordHash = await hashPassword(input.password);
  await ctx2.db.kysely.transaction().execute(async (trx) => {
    await consumeLink(ctx2.db, link, trx);
    await updateUser(
      ctx2.db,
      user2.id,
      {
        status: "active",
        user_name: input.user_name,
        company_name: input.company_name,
        password_hash: passwordHash,
        carry_over_key: null
      },
      trx
    );
  });
  await ctx2.hooks.runActivated({ userId: user2.id, carryOverKey: user2.carry_over_key });
  return user2.id;
}

// apps/server/src/modules/auth/mails.ts
var SIGN = {
  ja: "\n\n\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\nQRQR \u30B5\u30DD\u30FC\u30C8\n\u3053\u306E\u30E1\u30FC\u30EB\u306B\u5FC3\u5F53\u305F\u308A\u304C\u306A\u3044\u5834\u5408\u306F\u3001\u7834\u68C4\u3057\u3066\u304F\u3060\u3055\u3044\u3002",
  en: "\n\n\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\nQRQR Support\nIf you did not expect this e-mail, you can ignore it."
};
function activationMail(to, url2, locale) {
  const h = LINK_LIFETIME_HOURS.activation;
  return locale === "en" ? {
    to,
    subject: "[QRQR] Complete your registration",
    text: `Thank you for signing up to QRQR.

Open the link below within ${hoursEn(h)} to set your name and password and activate your account:
${url2}${SIGN.en}`
  } : {
    to,
    subject: "\u3010QRQR\u3011\u4F1A\u54E1\u767B\u9332\u3092\u5B8C\u4E86\u3057\u3066\u304F\u3060\u3055\u3044",
    text: `QRQR\u306B\u3054\u767B\u9332\u3044\u305F\u3060\u304D\u3042\u308A\u304C\u3068\u3046\u3054\u3056\u3044\u307E\u3059\u3002

${h}\u6642\u9593\u4EE5\u5185\u306B\u4E0B\u8A18\u306E\u30EA\u30F3\u30AF\u3092\u958B\u304D\u3001\u304A\u540D\u524D\u3068\u30D1\u30B9\u30EF\u30FC\u30C9\u3092\u8A2D\u5B9A\u3057\u3066\u767B\u9332\u3092\u5B8C\u4E86\u3057\u3066\u304F\u3060\u3055\u3044\u3002
${url2}${SIGN.ja}`
  };
}
function alreadyRegisteredMail(to, signinUrl, resetUrl, locale) {
  return locale === "en" ? {
    to,
    subject: "[QRQR] You already have an account",
    text: `Someone (hopefully you) tried to sign up with this address, but it already has an account.

Log in: ${signinUrl}
Forgot your password? ${resetUrl}${SIGN.en}`
  } : {
    to,
    subject: "\u3010QRQR\u3011\u3053\u306E\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u306F\u767B\u9332\u6E08\u307F\u3067\u3059",
    text: `\u3053\u306E\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u3067\u65B0\u898F\u767B\u9332\u306E\u304A\u7533\u3057\u8FBC\u307F\u304C\u3042\u308A\u307E\u3057\u305F\u304C\u3001\u3059\u3067\u306B\u30A2\u30AB\u30A6\u30F3\u30C8\u304C\u767B\u9332\u3055\u308C\u3066\u3044\u307E\u3059\u3002

\u30ED\u30B0\u30A4\u30F3: ${signinUrl}
\u30D1\u30B9\u30EF\u30FC\u30C9\u3092\u304A\u5FD8\u308C\u306E\u65B9: ${resetUrl}${SIGN.ja}`
  };
}
function passwordResetMail(to, url2, locale) {
  const h = LINK_LIFETIME_HOURS.passwordReset;
  return locale === "en" ? {
    to,
    subject: "[QRQR] Reset your password",
    text: `We received a request to reset your password.

Open the link below within ${hoursEn(h)} to set a new password. The link works once.
${url2}${SIGN.en}`
  } : {
    to,
    subject: "\u3010QRQR\u3011\u30D1\u30B9\u30EF\u30FC\u30C9\u306E\u518D\u8A2D\u5B9A",
    text: `\u30D1\u30B9\u30EF\u30FC\u30C9\u518D\u8A2D\u5B9A\u306E\u304A\u7533\u3057\u8FBC\u307F\u3092\u53D7\u3051\u4ED8\u3051\u307E\u3057\u305F\u3002

${h}\u6642\u9593\u4EE5\u5185\u306B\u4E0B\u8A18\u306E\u30EA\u30F3\u30AF\u3092\u958B\u304D\u3001\u65B0\u3057\u3044\u30D1\u30B9\u30EF\u30FC\u30C9\u3092\u8A2D\u5B9A\u3057\u3066\u304F\u3060\u3055\u3044\u3002\u30EA\u30F3\u30AF\u306F\u4E00\u5EA6\u3060\u3051\u4F7F\u3048\u307E\u3059\u3002
${url2}${SIGN.ja}`
  };
}
function emailChangeMail(to, url2, locale) {
  const h = LINK_LIFETIME_HOURS.emailChange;
  return locale === "en" ? {
    to,
    subject: "[QRQR] Confirm your new e-mail address",
    text: `Open the link below within ${hoursEn(h)} to make this your QRQR login address:
${url2}${SIGN.en}`
  } : {
    to,
    subject: "\u3010QRQR\u3011\u65B0\u3057\u3044\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u306E\u78BA\u8A8D",
    text: `${h}\u6642\u9593\u4EE5\u5185\u306B\u4E0B\u8A18\u306E\u30EA\u30F3\u30AF\u3092\u958B\u304F\u3068\u3001\u3053\u306E\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u304CQRQR\u306E\u30ED\u30B0\u30A4\u30F3\u7528\u30A2\u30C9\u30EC\u30B9\u306B\u306A\u308A\u307E\u3059\u3002
${url2}${SIGN.ja}`
  };
}
function emailChangedNotice(to, newEmail, locale) {
  return locale === "en" ? {
    to,
    subject: "[QRQR] Your e-mail address was changed",
    text: `Your QRQR login address was changed to ${newEmail}.
If you did not do this, contact support at once.${SIGN.en}`
  } : {
    to,
    subject: "\u3010QRQR\u3011\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u304C\u5909\u66F4\u3055\u308C\u307E\u3057\u305F",
    text: `QRQR\u306E\u30ED\u30B0\u30A4\u30F3\u7528\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u304C ${newEmail} \u306B\u5909\u66F4\u3055\u308C\u307E\u3057\u305F\u3002
\u304A\u5FC3\u5F53\u305F\u308A\u304C\u306A\u3044\u5834\u5408\u306F\u3001\u81F3\u6025\u30B5\u30DD\u30FC\u30C8\u307E\u3067\u3054\u9023\u7D61\u304F\u3060\u3055\u3044\u3002${SIGN.ja}`
  };
}
function emailTakenNotice(to, signinUrl, locale) {
  return locale === "en" ? {
    to,
    subject: "[QRQR] Someone tried to use your e-mail address",
    text: `Another QRQR account asked to change its login address to this one. This address already belongs to your account, so nothing was changed and no link was sent.

Your account stays as it is: ${signinUrl}${SIGN.en}`
  } : {
    to,
    subject: "\u3010QRQR\u3011\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u5909\u66F4\u306E\u304A\u7533\u3057\u8FBC\u307F\u304C\u3042\u308A\u307E\u3057\u305F",
    text: `\u5225\u306EQRQR\u30A2\u30AB\u30A6\u30F3\u30C8\u304B\u3089\u3001\u30ED\u30B0\u30A4\u30F3\u7528\u30E1\u30FC\u30EB\u30A2\u30C9\u30EC\u30B9\u3092\u3053\u306E\u30A2\u30C9\u30EC\u30B9\u306B\u5909\u66F4\u3059\u308B\u304A\u7533\u3057\u8FBC\u307F\u304C\u3042\u308A\u307E\u3057\u305F\u3002\u3053\u306E\u30A2\u30C9\u30EC\u30B9\u306F\u3059\u3067\u306B\u304A\u5BA2\u69D8\u306E\u30A2\u30AB\u30A6\u30F3\u30C8\u3067\u4F7F\u308F\u308C\u3066\u3044\u308B\u305F\u3081\u3001\u5909\u66F4\u306F\u884C\u308F\u305A\u3001\u78BA\u8A8D\u30EA\u30F3\u30AF\u3082\u9001\u3063\u3066\u3044\u307E\u305B\u3093\u3002

\u304A\u5BA2\u69D8\u306E\u30A2\u30AB\u30A6\u30F3\u30C8\u306F\u305D\u306E\u307E\u307E\u3054\u5229\u7528\u3044\u305F\u3060\u3051\u307E\u3059: ${signinUrl}${SIGN.ja}`
  };
}
function hoursEn(h) {
  return h === 1 ? "1 hour" : `${h} hours`;
}

// apps/server/src/modules/auth/sign-up.ts
function requestSignUp(ctx2, input) {
  ctx2.background.run("sign-up mail", () => signUp(ctx2, input));
}
async function signUp(ctx2, input) {
  const email = normaliseEmail(input.email);
  let user2 = await findUserByEmail(ctx2.db, email);
  if (user2?.status === "active") {
    const { publicUrl } = ctx2.config;
    await ctx2.mailer.send(
      alreadyRegisteredMail(email, publicUrl + paths.signin, publicUrl + paths.forgotRequest, input.locale)
    );
    return;
  }
  if (user2) {
    await updateUser(ctx2.db, user2.id, { locale: input.locale, carry_over_key: input.carryOverKey });
  } else {
    const now = Date.now();
    const id = randomToken(12);
    try {
      await insertUser(ctx2.db, {
        id,
        email,
        status: "pending",
        locale: input.locale,
        carry_over_key: input.carryOverKey,
        user_name: "",
        company_name: "",
        password_hash: null,
        channel_service_registered: 0,
        created_at: now,
        updated_at: now
      });
    } catch (error) {
      user2 = await findUserByEmail(ctx2.db, email);
      if (!user2) throw error;
    }
    user2 ??= { id };
  }
  const code = await issueLinkCode(ctx2.db, { userId: user2.id, purpose: "activation" });
  await ctx2.mailer.send(
    activationMail(email, linkUrl(ctx2.config.publicUrl, paths.activate, user2.id, code), input.locale)
  );
}
function normaliseEmail(email) {
  return email.trim().toLowerCase();
}

// apps/server/src/modules/auth/email-change.ts
async function requestEmailChange(ctx2, input) {
  const newEmail = normaliseEmail(input.newEmail);
  const user2 = await findUserById(ctx2.db, input.userId);
  if (!user2) throw new AppError("E-401");
  if (user2.email === newEmail)
    throw new AppError("E-108", { fields: [{ field: "new_email", rule: "errors.same_email" }] });
  ctx2.background.run(
    "e-mail change mail",
    () => mailEmailChange(ctx2, { userId: user2.id, newEmail, locale: input.locale })
  );
}
async function mailEmailChange(ctx2, input) {
  const { newEmail } = input;
  const holder = await findUserByEmail(ctx2.db, newEmail);
  if (holder?.status === "active") {
    await ctx2.mailer.send(
      emailTakenNotice(newEmail, ctx2.config.publicUrl + paths.signin, toLocale(holder.locale))
    );
    return;
  }
  const code = await issueLinkCode(ctx2.db, { userId: input.userId, purpose: "email_change", newEmail });
  await ctx2.mailer.send(
    emailChangeMail(
      newEmail,
      linkUrl(ctx2.config.publicUrl, paths.changeEmailVerify, input.userId, code),
      input.locale
    )
  );
}
async function verifyEmailChange(ctx2, input) {
  const link = { userId: input.userId, code: input.code, purpose: "email_change" };
  const user2 = await findUserById(ctx2.db, link.userId);
  if (user2?.status !== "active") throw new AppError("E-104");
  const pending = await findLink(ctx2.db, link);
  const newEmail = pending.new_email;
  if (!newEmail) throw new AppError("E-104");
  const holder = await findUserByEmail(ctx2.db, newEmail);
  if (holder?.status === "active") throw new AppError("E-107");
  await ctx2.db.kysely.transaction().execute(async (trx) => {
    await consumeLink(ctx2.db, link, trx);
    if (holder) await deletePendingUser(ctx2.db, holder.id, trx);
    await updateUser(ctx2.db, user2.id, { email: newEmail }, trx);
  });
  await ctx2.mailer.send(emailChangedNotice(user2.email, newEmail, toLocale(user2.locale)));
  return { email: newEmail };
}

// apps/server/src/modules/auth/sign-in-lock.ts
var FAILURES_BEFORE_LOCK = 5;
var FIRST_LOCK_MS = 6e4;
var LONGEST_LOCK_MS = 60 * 6e4;
var SIGN_IN_LOCK_MEMORY_MS = 24 * 36e5;
var keyOf = (normalisedEmail) => sha256(normalisedEmail);
var locked = (until, now) => new AppError("E-109", { retryAfterSeconds: Math.ceil((until - now) / 1e3) });
async function refuseWhileLocked(db2, email, now = Date.now()) {
  const row = await findSignInLock(db2, keyOf(email));
  if (row && row.locked_until > now) throw locked(row.locked_until, now);
}
async function recordSignInFailure(db2, email, now = Date.now()) {
  const emailHash = keyOf(email);
  const row = await findSignInLock(db2, emailHash);
  const remembered = row && now - row.updated_at < SIGN_IN_LOCK_MEMORY_MS ? row : void 0;
  const failures = (remembered?.failures ?? 0) + 1;
  const locks = remembered?.locks ?? 0;
  if (failures < FAILURES_BEFORE_LOCK) {
    await saveSignInLock(db2, { email_hash: emailHash, failures, locks, locked_until: 0, updated_at: now });
    return;
  }
  const until = now + Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** locks);
  await saveSignInLock(db2, {
    email_hash: emailHash,
    failures: 0,
    locks: locks + 1,
    locked_until: until,
    updated_at: now
  });
  throw locked(until, now);
}
async function forgetSignInFailures(db2, email) {
  await deleteSignInLock(db2, keyOf(email));
}

// apps/server/src/modules/auth/password-reset.ts
function requestPasswordReset(ctx2, input) {
  ctx2.background.run("password reset mail", () => mailPasswordReset(ctx2, input));
}
async function mailPasswordReset(ctx2, input) {
  const user2 = await findUserByEmail(ctx2.db, normaliseEmail(input.email));
  if (user2?.status !== "active") return;
  const code = await issueLinkCode(ctx2.db, { userId: user2.id, purpose: "password_reset" });
  await ctx2.mailer.send(
    passwordResetMail(
      user2.email,
      linkUrl(ctx2.config.publicUrl, paths.forgotReset, user2.id, code),
      input.locale
    )
  );
}
async function checkPasswordResetLink(ctx2, link) {
  await findLink(ctx2.db, { ...link, purpose: "password_reset" });
}
async function resetPassword(ctx2, input) {
  const link = { userId: input.user_id, code: input.confirmation_code, purpose: "password_reset" };
  const user2 = await findUserById(ctx2.db, link.userId);
  if (user2?.status !== "active") throw new AppError("E-103");
  await findLink(ctx2.db, link);
  const passwordHash = await hashPassword(input.new_password);
  await ctx2.db.kysely.transaction().execute(async (trx) => {
    await consumeLink(ctx2.db, link, trx);
    await updateUser(ctx2.db, user2.id, { password_hash: passwordHash }, trx);
  });
  await ctx2.sessions.revokeAll(user2.id);
  await forgetSignInFailures(ctx2.db, user2.email);
}

// apps/server/src/modules/auth/sign-in.ts
async function signIn(ctx2, input) {
  const email = normaliseEmail(input.email);
  await refuseWhileLocked(ctx2.db, email);
  const user2 = await findUserByEmail(ctx2.db, email);
  const active = user2?.status === "active" ? user2 : void 0;
  const good = await verifyPassword(active?.password_hash ?? null, input.password);
  if (!active || !good) {
    await recordSignInFailure(ctx2.db, email);
    throw new AppError("E-101");
  }
  await forgetSignInFailures(ctx2.db, email);
  if (input.code) await ctx2.hooks.runSignInCode({ userId: active.id, code: input.code });
  return active.id;
}

// apps/server/src/modules/auth/routes.ts
var user = z8.object({
  user_id: z8.string(),
  user_name: z8.string(),
  company_name: z8.string(),
  email: z8.string()
});
var signedIn = responses({ user, csrf_token: z8.string() });
var activationLinkState = {
  state: z8.enum(["pending", "active"]),
  email: z8.string().optional(),
  signed_in: z8.boolean().optional()
};
var tags2 = ["auth"];
function authRoutes(ctx2) {
  const { sessions } = ctx2;
  const limited = { rateLimit: { max: ctx2.config.AUTH_RATE_LIMIT, timeWindow: "1 minute" } };
  const signInLimited = { rateLimit: { max: ctx2.config.SIGNIN_RATE_LIMIT, timeWindow: "1 minute" } };
  return async (app2) => {
    app2.post(
      api.signup,
      { schema: { tags: tags2, body: signupBody, response: responses() }, config: limited },
      async (req) => {
        const carryOverKey = req.body.migrate ? req.cookies[GUEST_HISTORY_COOKIE] ?? null : null;
        const locale = toLocale(req.body.language ?? req.locale);
        requestSignUp(ctx2, { email: req.body.email, locale, carryOverKey });
        return ok();
      }
    );
    app2.get(
      api.activateCheck,
      {
        schema: { tags: tags2, querystring: linkQuery, response: responses(activationLinkState) },
        config: limited
      },
      async (req) => ok(
        await checkActivationLink(ctx2, {
          userId: req.query.user_id,
          code: req.query.confirmation_code,
          sessionUserId: await sessions.userId(req)
        })
      )
    );
    app2.post(
      api.activate,
      { schema: { tags: tags2, body: activateBody, response: signedIn }, config: limited },
      async (req, reply) => {
        const userId = await activate(ctx2, req.body);
        const csrf_token = await sessions.start(req, reply, userId);
        return ok({ user: await getUserInfo(ctx2, userId), csrf_token });
      }
    );
    app2.post(
      api.signin,
      { schema: { tags: tags2, body: signinBody, response: signedIn }, config: signInLimited },
      async (req, reply) => {
        const userId = await signIn(ctx2, req.body);
        const csrf_token = await sessions.start(req, reply, userId);
        return ok({ user: await getUserInfo(ctx2, userId), csrf_token });
      }
    );
    app2.post(
      api.signout,
      { schema: { tags: tags2, response: responses({ csrf_token: z8.string() }) } },
      async (req, reply) => {
        return ok({ csrf_token: await sessions.end(req, reply) });
      }
    );
    app2.post(
      api.forgotRequest,
      { schema: { tags: tags2, body: forgotPasswordRequestBody, response: responses() }, config: limited },
      async (req) => {
        requestPasswordReset(ctx2, {
          email: req.body.email,
          locale: toLocale(req.body.language ?? req.locale)
        });
        return ok();
      }
    );
    app2.get(
      api.forgotCheck,
      { schema: { tags: tags2, querystring: linkQuery, response: responses() }, config: limited },
      async (req) => {
        await checkPasswordResetLink(ctx2, { userId: req.query.user_id, code: req.query.confirmation_code });
        return ok();
      }
    );
    app2.post(
      api.forgotVerify,
      { schema: { tags: tags2, body: forgotPasswordVerifyBody, response: responses() }, config: limited },
      async (req) => {
        await resetPassword(ctx2, req.body);
        return ok();
      }
    );
    app2.get(api.userInfo, { schema: { tags: tags2, response: responses({ user }) } }, async (req) => {
      return ok({ user: await getUserInfo(ctx2, await sessions.requireUserId(req)) });
    });
    app2.post(
      api.userInfo,
      { schema: { tags: tags2, body: userInfoBody, response: responses({ user }) } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ user: await updateUserInfo(ctx2, { userId, ...req.body }) });
      }
    );
    app2.post(
      api.changeEmailRequest,
      { schema: { tags: tags2, body: changeEmailRequestBody, response: responses() }, config: limited },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const locale = toLocale(req.body.language ?? req.locale);
        await requestEmailChange(ctx2, { userId, newEmail: req.body.new_email, locale });
        return ok();
      }
    );
    app2.post(
      api.changeEmailVerify,
      {
        schema: { tags: tags2, body: changeEmailVerifyBody, response: responses({ email: z8.string() }) },
        config: limited
      },
      async (req) => ok(await verifyEmailChange(ctx2, { userId: req.body.user_id, code: req.body.confirmation_code }))
    );
    app2.post(
      api.changePassword,
      { schema: { tags: tags2, body: changePasswordBody, response: responses() }, config: limited },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await changePassword(ctx2, { userId, ...req.body });
        await sessions.revokeAll(userId, req);
        return ok();
      }
    );
    app2.post(
      api.unsubscribe,
      {
        schema: { tags: tags2, body: unsubscribeBody, response: responses({ csrf_token: z8.string() }) },
        config: limited
      },
      async (req, reply) => {
        const userId = await sessions.requireUserId(req);
        await unsubscribe(ctx2, { userId, password: req.body.password });
        return ok({ csrf_token: await sessions.end(req, reply) });
      }
    );
  };
}

// apps/server/src/modules/channels/routes.ts
import { z as z10 } from "zod";

// apps/server/src/modules/channels/repository.ts
var q3 = (db2, trx) => trx ?? db2.kysely;
async function markServiceRegistered(db2, userId, now, trx) {
  await q3(db2, trx).updateTable("users").set({ channel_service_registered: 1, updated_at: now }).where("id", "=", userId).execute();
}
async function isServiceRegistered(db2, userId, trx) {
  const row = await q3(db2, trx).selectFrom("users").select("channel_service_registered").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.channel_service_registered);
}
function listIndustryRows(db2, trx) {
  return q3(db2, trx).selectFrom("industries").selectAll().orderBy("sort_order").orderBy("id").execute();
}
function findIndustry(db2, id, trx) {
  return q3(db2, trx).selectFrom("industries").selectAll().where("id", "=", id).executeTakeFirst();
}
async function insertChannel(db2, row, trx) {
  return q3(db2, trx).insertInto("channels").values(row).returningAll().executeTakeFirstOrThrow();
}
function findOwnedChannel(db2, id, userId, trx) {
  return q3(db2, trx).selectFrom("channels").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}
function listMemberChannels(db2, userId, trx) {
  return q3(db2, trx).selectFrom("channels").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}
async function updateChannelRow(db2, id, patch, trx) {
  return q3(db2, trx).updateTable("channels").set(patch).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}
async function deleteChannelRow(db2, id, trx) {
  const result = await q3(db2, trx).deleteFrom("channels").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// apps/server/src/modules/channels/industry-choice.ts
async function checkIndustryChoice(db2, choice, trx) {
  if (choice.industory_id !== null) {
    const industry = await findIndustry(db2, choice.industory_id, trx);
    if (!industry || industry.parent_id !== null)
      throw AppError.field("industory_id", "validation.industry_invalid");
  }
  if (choice.sub_industory_id !== null) {
    const sub = await findIndustry(db2, choice.sub_industory_id, trx);
    if (!sub || choice.industory_id === null || sub.parent_id !== choice.industory_id)
      throw AppError.field("sub_industory_id", "validation.sub_industry_invalid");
  }
}

// apps/server/src/modules/channels/create-channel.ts
async function createChannel(ctx2, input) {
  const { userId, body } = input;
  if (!await isServiceRegistered(ctx2.db, userId)) throw new AppError("E-701");
  await checkIndustryChoice(ctx2.db, body);
  const now = Date.now();
  return insertChannel(ctx2.db, {
    user_id: userId,
    // 16 URL-safe characters (96 random bits): the public page cannot be found by counting.
    channel_code: randomToken(12),
    channel_name: body.channel_name,
    channel_user_type: body.channel_user_type,
    industory_id: body.industory_id,
    sub_industory_id: body.sub_industory_id,
    created_at: now,
    updated_at: now
  });
}

// apps/server/src/modules/channels/delete-channel.ts
async function deleteChannel(ctx2, input) {
  const deleted = await ctx2.db.kysely.transaction().execute((trx) => deleteChannelRow(ctx2.db, input.channel.id, trx));
  if (!deleted) throw new AppError("E-404");
}

// apps/server/src/modules/channels/list-channels.ts
async function listChannels(ctx2, input) {
  const channels = await listMemberChannels(ctx2.db, input.userId);
  return { channels, total_count: channels.length };
}

// apps/server/src/modules/channels/present.ts
import { z as z9 } from "zod";
function presentChannel(row, publicUrl) {
  return {
    channel_id: row.id,
    channel_code: row.channel_code,
    channel_name: row.channel_name,
    channel_user_type: row.channel_user_type,
    industory_id: row.industory_id,
    sub_industory_id: row.sub_industory_id,
    description_short: row.description_short,
    description_long: row.description_long,
    address: row.address,
    description_route: row.description_route,
    latitude: row.latitude,
    longitude: row.longitude,
    relation_links: JSON.parse(row.relation_links),
    is_official: Boolean(row.is_official),
    channel_page_url: `${publicUrl}${CHANNEL_PAGE_PREFIX}${row.channel_code}`,
    created_at: row.created_at,
    updated_at: row.updated_at
  };
}
function presentIndustries(rows, locale) {
  const name = (r) => locale === "en" ? r.name_en : r.name_ja;
  return rows.filter((r) => r.parent_id === null).map((p) => ({
    id: p.id,
    name: name(p),
    sub_industories: rows.filter((r) => r.parent_id === p.id).map((s) => ({ id: s.id, name: name(s) }))
  }));
}
var channelSchema = z9.object({
  channel_id: z9.number().int(),
  channel_code: z9.string().describe("Random code of the public page /c/{channel_code}"),
  channel_name: z9.string(),
  channel_user_type: z9.union([z9.literal(1), z9.literal(2)]).describe("Individual 1, company 2"),
  industory_id: z9.number().int().nullable(),
  sub_industory_id: z9.number().int().nullable(),
  description_short: z9.string(),
  description_long: z9.string(),
  address: z9.string(),
  description_route: z9.string(),
  latitude: z9.number().nullable(),
  longitude: z9.number().nullable(),
  relation_links: z9.array(z9.object({ text: z9.string(), url: z9.string() })),
  is_official: z9.boolean().describe("Set only by the operator command channel:official"),
  channel_page_url: z9.string(),
  created_at: z9.number().describe("Unix milliseconds"),
  updated_at: z9.number().describe("Unix milliseconds")
});
var industrySchema = z9.object({
  id: z9.number().int(),
  name: z9.string(),
  sub_industories: z9.array(z9.object({ id: z9.number().int(), name: z9.string() }))
});

// apps/server/src/modules/channels/list-industries.ts
async function listIndustries(ctx2, input) {
  return presentIndustries(await listIndustryRows(ctx2.db), input.locale);
}

// apps/server/src/modules/channels/register-service.ts
async function registerService(ctx2, input) {
  await markServiceRegistered(ctx2.db, input.userId, Date.now());
}

// apps/server/src/modules/channels/scope.ts
var CHANNEL_PARAM = "channel";
function channelScope(ctx2, modules) {
  return async (app2) => {
    app2.decorateRequest("channel", null);
    app2.addHook("preValidation", async (req) => {
      const userId = await ctx2.sessions.requireUserId(req);
      const raw = req.params[CHANNEL_PARAM] ?? "";
      const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
      const channel = id === null ? void 0 : await findOwnedChannel(ctx2.db, id, userId);
      if (!channel) throw new AppError("E-404");
      req.channel = channel;
    });
    for (const routes of modules) await app2.register(routes);
  };
}
function channelOf(req) {
  if (!req.channel) throw new Error(`${req.routeOptions.url} is not registered inside channelScope`);
  return req.channel;
}

// apps/server/src/modules/channels/update-channel.ts
async function updateChannel(ctx2, input) {
  const { channel, body } = input;
  const { relation_links, ...fields } = body;
  const industry = {
    industory_id: body.industory_id === void 0 ? channel.industory_id : body.industory_id,
    sub_industory_id: body.sub_industory_id !== void 0 ? body.sub_industory_id : body.industory_id !== void 0 && body.industory_id !== channel.industory_id ? null : channel.sub_industory_id
  };
  await checkIndustryChoice(ctx2.db, industry);
  return updateChannelRow(ctx2.db, channel.id, {
    ...fields,
    ...industry,
    ...relation_links ? { relation_links: JSON.stringify(relation_links) } : {},
    updated_at: Date.now()
  });
}

// apps/server/src/modules/channels/routes.ts
var tags3 = ["channels"];
var one = responses({ channel: channelSchema });
var channelParams = z10.object({ [CHANNEL_PARAM]: z10.string().describe("channel_id") });
var oneChannel = `${api.channels}/:${CHANNEL_PARAM}`;
function channelServiceRoutes(ctx2) {
  const { sessions, config: config2 } = ctx2;
  return async (app2) => {
    app2.post(
      api.channelServiceRegister,
      {
        schema: {
          tags: tags3,
          body: serviceRegisterBody,
          response: responses({ isUserRegisteredChannelService: z10.boolean() })
        }
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await registerService(ctx2, { userId });
        return ok({ isUserRegisteredChannelService: true });
      }
    );
    app2.get(
      api.industries,
      { schema: { tags: tags3, response: responses({ industories: z10.array(industrySchema) }) } },
      async (req) => ok({ industories: await listIndustries(ctx2, { locale: req.locale }) })
    );
    app2.get(
      api.channels,
      {
        schema: {
          tags: tags3,
          response: responses({ channels: z10.array(channelSchema), total_count: z10.number().int() })
        }
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const { channels, total_count } = await listChannels(ctx2, { userId });
        return ok({ channels: channels.map((c) => presentChannel(c, config2.publicUrl)), total_count });
      }
    );
    app2.post(api.channels, { schema: { tags: tags3, body: createChannelBody, response: one } }, async (req) => {
      const userId = await sessions.requireUserId(req);
      return ok({
        channel: presentChannel(await createChannel(ctx2, { userId, body: req.body }), config2.publicUrl)
      });
    });
  };
}
function channelRoutes(ctx2) {
  const { config: config2 } = ctx2;
  return async (app2) => {
    app2.get(
      oneChannel,
      { schema: { tags: tags3, params: channelParams, response: one } },
      async (req) => ok({ channel: presentChannel(channelOf(req), config2.publicUrl) })
    );
    app2.put(
      oneChannel,
      { schema: { tags: tags3, params: channelParams, body: updateChannelBody, response: one } },
      async (req) => {
        const channel = await updateChannel(ctx2, { channel: channelOf(req), body: req.body });
        return ok({ channel: presentChannel(channel, config2.publicUrl) });
      }
    );
    app2.delete(
      oneChannel,
      { schema: { tags: tags3, params: channelParams, response: responses() } },
      async (req) => {
        await deleteChannel(ctx2, { channel: channelOf(req) });
        return ok();
      }
    );
  };
}

// apps/server/src/modules/channels/module.ts
function createChannelsModule(ctx2) {
  return [channelServiceRoutes(ctx2), channelScope(ctx2, [channelRoutes(ctx2)])];
}

// apps/server/src/modules/news/routes.ts
import { z as z11 } from "zod";

// apps/server/src/modules/news/repository.ts
function latestNews(db2, options) {
  return db2.kysely.selectFrom("news_items").selectAll().where("published_at", "<=", options.now).orderBy("published_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
}

// apps/server/src/modules/news/news.ts
async function listNews(ctx2, input) {
  const rows = await latestNews(ctx2.db, { limit: input.limit, now: Date.now() });
  return rows.map((r) => presentNews(r, input.locale));
}
function presentNews(row, locale) {
  const en2 = locale === "en";
  return {
    id: row.id,
    title: en2 && row.title_en || row.title_ja,
    body: en2 && row.body_en || row.body_ja,
    published_at: row.published_at
  };
}

// apps/server/src/modules/news/routes.ts
var newsQuery = z11.object({
  limit: z11.coerce.number({ error: "validation.invalid" }).int({ error: "validation.invalid" }).min(1, { error: "validation.invalid" }).max(50, { error: "validation.invalid" }).optional().default(5)
});
var newsItem = z11.object({
  id: z11.number().int(),
  title: z11.string(),
  body: z11.string(),
  published_at: z11.number().describe("Unix milliseconds")
});
function newsRoutes(ctx2) {
  return async (app2) => {
    app2.get(
      api.news,
      {
        schema: { tags: ["news"], querystring: newsQuery, response: responses({ news: z11.array(newsItem) }) }
      },
      async (req) => ok({ news: await listNews(ctx2, { limit: req.query.limit, locale: req.locale }) })
    );
  };
}

// apps/server/src/platform/costly-work.ts
var CostlyWork = class {
  constructor(options) {
    this.options = options;
  }
  options;
  running = 0;
  waiting = [];
  /** Jobs running and waiting now (for tests and logs). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
  /**
   * Runs `job` when a slot is free. A job whose `signal` has aborted by its turn (the client hung
   * up while it waited) is not started: its slot passes on and the call rejects with the reason.
   */
  async run(job, signal) {
    if (this.running < this.options.concurrency) this.running++;
    else if (this.waiting.length < this.options.queue)
      await new Promise((resolve) => this.waiting.push(resolve));
    else throw new AppError("E-503", { retryAfterSeconds: this.options.retryAfterSeconds });
    try {
      signal?.throwIfAborted();
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
};

// apps/server/src/modules/qrcodes/carry-over.ts
function registerCarryOver(ctx2) {
  ctx2.hooks.onActivated(async ({ userId, carryOverKey }) => {
    const hash = carryOverKey ? hashCarryOverKey(carryOverKey) : null;
    if (!hash) return;
    const moved = await adoptGuestCodes(ctx2.db, hash, userId);
    if (moved) ctx2.log.info({ userId, moved }, "guest codes carried over into the new account");
  });
}

// apps/server/src/modules/analytics/country.ts
import fs from "node:fs";
import { createRequire } from "node:module";
import { BlockList, isIP } from "node:net";
import { Reader } from "maxmind";
var DATABASE = "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb";
var ALPHA2 = /^[A-Z]{2}$/;
var RESERVED = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3]
])
  RESERVED.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32]
])
  RESERVED.addSubnet(net, bits, "ipv6");
var shared;
function bundledCountryOf() {
  if (shared) return shared;
  const file = createRequire(import.meta.url).resolve(DATABASE);
  const reader = new Reader(fs.readFileSync(file));
  shared = (ip) => {
    const address = ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
    const family = isIP(address);
    if (family === 0 || RESERVED.check(address, family === 4 ? "ipv4" : "ipv6")) return UNKNOWN_COUNTRY;
    try {
      const code = reader.get(address)?.country_code?.toUpperCase();
      return code && ALPHA2.test(code) ? code : UNKNOWN_COUNTRY;
    } catch {
      return UNKNOWN_COUNTRY;
    }
  };
  return shared;
}

// apps/server/src/modules/analytics/rollup-batch.ts
var PREFECTURE = /^(0[1-9]|[1-3]\d|4[0-7])$/;
function foldReads(reads) {
  const batch = {
    days: /* @__PURE__ */ new Map(),
    dims: /* @__PURE__ */ new Map(),
    visitors: /* @__PURE__ */ new Map(),
    perCode: /* @__PURE__ */ new Map(),
    reads: 0
  };
  for (const r of reads) {
    batch.reads += 1;
    const official = r.source === 1 ? 1 : 0;
    const other = 1 - official;
    const dayKey = `${r.qrId}	${r.day}`;
    const day = batch.days.get(dayKey);
    if (day) {
      day.official += official;
      day.other += other;
    } else batch.days.set(dayKey, { qr_id: r.qrId, day: r.day, official, other });
    addDim(batch, r, "c", r.country, official);
    addDim(batch, r, "o", r.os, official);
    if (r.prefecture && PREFECTURE.test(r.prefecture)) addDim(batch, r, "p", r.prefecture, official);
    const visitorKey = `${dayKey}	${r.visitor}`;
    if (!batch.visitors.has(visitorKey))
      batch.visitors.set(visitorKey, { qr_id: r.qrId, day: r.day, visitor: r.visitor, source: r.source });
    batch.perCode.set(r.qrId, (batch.perCode.get(r.qrId) ?? 0) + 1);
  }
  return batch;
}
function addDim(batch, r, dim, value, official) {
  const key = `${r.qrId}	${r.day}	${dim}	${value}`;
  const row = batch.dims.get(key);
  if (row) {
    row.official += official;
    row.other += 1 - official;
  } else batch.dims.set(key, { qr_id: r.qrId, day: r.day, dim, value, official, other: 1 - official });
}
function keepCodes(batch, live) {
  const keep = (m) => new Map([...m].filter(([, v]) => live.has(v.qr_id)));
  const perCode = new Map([...batch.perCode].filter(([id]) => live.has(id)));
  let reads = 0;
  for (const n of perCode.values()) reads += n;
  return {
    days: keep(batch.days),
    dims: keep(batch.dims),
    visitors: keep(batch.visitors),
    perCode,
    reads
  };
}

// apps/server/src/modules/analytics/rollup-writes.ts
import { sql as sql3 } from "kysely";
var CHUNK = 400;
function chunks(items, size = CHUNK) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
async function liveCodeIds(trx, ids) {
  const live = /* @__PURE__ */ new Set();
  for (const part of chunks(ids)) {
    const rows = await trx.selectFrom("qr_codes").select("id").where("id", "in", part).execute();
    for (const r of rows) live.add(r.id);
  }
  return live;
}
async function writeRollups(trx, batch, now) {
  const uniques = /* @__PURE__ */ new Map();
  for (const part of chunks([...batch.visitors.values()])) {
    const fresh = await trx.insertInto("read_visitors").values(part.map((v) => ({ ...v, created_at: now }))).onConflict((oc) => oc.columns(["qr_id", "day", "visitor"]).doNothing()).returning(["qr_id", "day", "source"]).execute();
    for (const v of fresh) {
      const key = `${v.qr_id}	${v.day}`;
      const u = uniques.get(key) ?? { official: 0, other: 0 };
      if (v.source === 1) u.official += 1;
      else u.other += 1;
      uniques.set(key, u);
    }
  }
  const days = [...batch.days].map(([key, d]) => {
    const u = uniques.get(key);
    return { ...d, uniques_official: u?.official ?? 0, uniques_other: u?.other ?? 0 };
  });
  for (const part of chunks(days)) {
    await trx.insertInto("read_days").values(part).onConflict(
      (oc) => oc.columns(["qr_id", "day"]).doUpdateSet({
        official: sql3`read_days.official + excluded.official`,
        other: sql3`read_days.other + excluded.other`,
        uniques_official: sql3`read_days.uniques_official + excluded.uniques_official`,
        uniques_other: sql3`read_days.uniques_other + excluded.uniques_other`
      })
    ).execute();
  }
  for (const part of chunks([...batch.dims.values()])) {
    await trx.insertInto("read_dims").values(part).onConflict(
      (oc) => oc.columns(["qr_id", "dim", "value", "day"]).doUpdateSet({
        official: sql3`read_dims.official + excluded.official`,
        other: sql3`read_dims.other + excluded.other`
      })
    ).execute();
  }
  for (const part of chunks([...batch.perCode], 200)) {
    const cases = sql3.join(
      part.map(([id, n]) => sql3`when ${id} then ${n}`),
      sql3` `
    );
    await trx.updateTable("qr_codes").set({ read_count: sql3`read_count + case id ${cases} else 0 end` }).where(
      "id",
      "in",
      part.map(([id]) => id)
    ).execute();
  }
}
async function deleteOldVisitors(trx, olderThan) {
  await trx.deleteFrom("read_visitors").where("created_at", "<", olderThan).execute();
}

// apps/server/src/modules/qrcodes/read-recorder.ts
var HOUR_MS = 36e5;
var SALT_LIFETIME_MS = 48 * HOUR_MS;
var ReadRecorder = class {
  constructor(db2, log, options = { intervalMs: 1e3, maxPending: 2e5 }) {
    this.db = db2;
    this.log = log;
    this.options = options;
    this.countryOf = options.countryOf ?? bundledCountryOf();
  }
  db;
  log;
  options;
  pending = [];
  chain = Promise.resolve();
  timer;
  salts = /* @__PURE__ */ new Map();
  countryOf;
  record(scan) {
    this.pending.push(scan);
    if (this.pending.length > this.options.maxPending) this.dropOldest();
  }
  get pendingCount() {
    return this.pending.length;
  }
  /** Starts the interval; it never keeps the process (or a test run) alive by itself. */
  start() {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs);
    this.timer.unref();
  }
  /** Stops the interval and writes what is left. */
  async stop() {
    clearInterval(this.timer);
    this.timer = void 0;
    await this.flush();
  }
  /** Writes the buffer; resolves to the number of reads written. Flushes never overlap. */
  flush() {
    const run = this.chain.then(() => this.flushOnce());
    this.chain = run.catch(() => void 0);
    return run;
  }
  async flushOnce() {
    if (this.pending.length === 0) return 0;
    const batch = this.pending;
    this.pending = [];
    try {
      const folded = foldReads(await this.resolve(batch));
      const now = Date.now();
      return await this.db.kysely.transaction().execute(async (trx) => {
        const kept = keepCodes(folded, await liveCodeIds(trx, [...folded.perCode.keys()]));
        if (kept.reads) await writeRollups(trx, kept, now);
        return kept.reads;
      });
    } catch (err) {
      this.log.error({ err, reads: batch.length }, "writing reads failed; they are kept for the next flush");
      this.pending = batch.concat(this.pending);
      if (this.pending.length > this.options.maxPending) this.dropOldest();
      return 0;
    }
  }
  /**
   * Hashes, countries and OS classes of a batch. A scan burst comes from few people, so each
   * distinct visitor is hashed once and each distinct address looked up once.
   */
  async resolve(batch) {
    const visitors = /* @__PURE__ */ new Map();
    const countries = /* @__PURE__ */ new Map();
    const oses = /* @__PURE__ */ new Map();
    const out = [];
    for (const s of batch) {
      const day = tokyoDay(s.at);
      const who = s.deviceHash ? `d
${s.deviceHash}` : `v
${s.ip}
${s.userAgent}`;
      const visitorKey = `${day}
${s.qrId}
${who}`;
      let visitor = visitors.get(visitorKey);
      if (!visitor) {
        const key = await this.dailyKey(day);
        visitor = s.deviceHash ? deviceVisitorHash(key, s.qrId, s.deviceHash) : visitorHash(key, s.qrId, s.ip, s.userAgent);
        visitors.set(visitorKey, visitor);
      }
      let country = countries.get(s.ip);
      if (!country) {
        country = this.countryOf(s.ip);
        countries.set(s.ip, country);
      }
      let os = oses.get(s.userAgent);
      if (!os) {
        os = osClass(s.userAgent);
        oses.set(s.userAgent, os);
      }
      out.push({ qrId: s.qrId, day, source: s.source, visitor, country, prefecture: s.prefecture, os });
    }
    return out;
  }
  async dailyKey(day) {
    const known = this.salts.get(day);
    if (known) return known;
    const expired = Date.now() - SALT_LIFETIME_MS;
    await deleteOldReadSalts(this.db, expired);
    await deleteOldVisitors(this.db.kysely, expired);
    const salt = await getOrCreateReadSalt(this.db, day, () => randomToken(32));
    for (const d of [...this.salts.keys()].sort().slice(0, -1)) this.salts.delete(d);
    this.salts.set(day, salt);
    return salt;
  }
  dropOldest() {
    const over = this.pending.length - this.options.maxPending;
    this.pending.splice(0, over);
    this.log.warn({ dropped: over }, "read buffer full (database unreachable?): oldest reads dropped");
  }
};

// apps/server/src/modules/qrcodes/redirect-cache.ts
var REDIRECT_TOPIC = "redirect";
var RedirectCache = class {
  constructor(maxEntries = 1e4, ttlMs = 6e4) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
  }
  maxEntries;
  ttlMs;
  entries = /* @__PURE__ */ new Map();
  /** Counts invalidations, so a lookup that started before one does not store what it read. */
  generation = 0;
  get(code, now = Date.now()) {
    const entry = this.entries.get(code);
    if (!entry) return void 0;
    this.entries.delete(code);
    if (entry.until <= now) return void 0;
    this.entries.set(code, entry);
    return entry.target;
  }
  /** A mark to pass to `set`: taken before reading the database. */
  mark() {
    return this.generation;
  }
  /**
   * Keeps a target read from the database, unless an invalidation came in since `mark` was taken:
   * the row read may be older than the change that invalidation announced.
   */
  set(code, target, now = Date.now(), mark = this.generation) {
    if (mark !== this.generation) return;
    this.entries.delete(code);
    this.entries.set(code, { target, until: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== void 0) this.entries.delete(oldest);
    }
  }
  invalidate(code) {
    this.generation += 1;
    this.entries.delete(code);
  }
  get size() {
    return this.entries.size;
  }
};
function staleRedirect(ctx2, code) {
  if (code) ctx2.invalidations.publish(REDIRECT_TOPIC, code);
}

// apps/server/src/modules/qrcodes/routes.ts
import { z as z12 } from "zod";

// apps/server/src/platform/client-abort.ts
var ABORT_CODES = /* @__PURE__ */ new Set(["ECONNRESET", "ECONNABORTED", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE"]);
function isClientAbort(error, request) {
  if (error.code && ABORT_CODES.has(error.code)) return true;
  if (error.message === "aborted" || /premature close/i.test(error.message ?? "")) return true;
  return request.raw.aborted === true;
}
function clientGone(reply) {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished)
      controller.abort(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
  });
  return controller.signal;
}

// apps/server/src/platform/locale.ts
function requestLocale(request) {
  const cookie2 = request.cookies?.lang;
  if (cookie2) return toLocale(cookie2);
  const header3 = request.headers["accept-language"];
  const first = typeof header3 === "string" ? header3.split(",")[0]?.trim() : void 0;
  return toLocale(first);
}

// packages/qr/src/encode.ts
import { encodeQR } from "qr";
var QrCapacityError = class extends Error {
  constructor(bytes) {
    super(`QR payload of ${bytes} bytes exceeds ${MAX_BYTES} bytes (version 40-M, byte mode)`);
    this.bytes = bytes;
    this.name = "QrCapacityError";
  }
  bytes;
};
var MAX_BYTES = 2331;
var utf8 = new TextEncoder();
function encodeQr(payload) {
  const bytes = utf8.encode(payload);
  if (bytes.length > MAX_BYTES) throw new QrCapacityError(bytes.length);
  const rows = encodeQR(payload, "raw", {
    ecc: "medium",
    encoding: "byte",
    border: 1,
    textEncoder: () => bytes
  });
  const size = rows.length - 2;
  const modules = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    const row = rows[y + 1];
    const off = y * size;
    for (let x = 0; x < size; x++) if (row[x + 1]) modules[off + x] = 1;
  }
  return { size, version: (size - 17) / 4, modules };
}

// packages/qr/src/geometry.ts
function arcOps(cx, cy, r, from, to, move) {
  const parts = Math.max(1, Math.ceil(Math.abs(to - from) / 90));
  const step = (to - from) / parts * (Math.PI / 180);
  const k = 4 / 3 * Math.tan(step / 4);
  const at = (a) => [cx + r * Math.cos(a), cy - r * Math.sin(a)];
  const a0 = from * (Math.PI / 180);
  const ops = [];
  if (move) ops.push(["M", ...at(a0)]);
  for (let i = 0; i < parts; i++) {
    const a = a0 + i * step;
    const b = a + step;
    const [x0, y0] = at(a);
    const [x3, y3] = at(b);
    const c1 = [x0 - k * r * Math.sin(a), y0 - k * r * Math.cos(a)];
    const c2 = [x3 + k * r * Math.sin(b), y3 + k * r * Math.cos(b)];
    ops.push(["C", c1[0], c1[1], c2[0], c2[1], x3, y3]);
  }
  return ops;
}
function roundedRectOps(x, y, w, h, r, top = r) {
  const rb = Math.min(r, w / 2, h / 2);
  const rt = Math.min(top, w / 2, h / 2);
  const corner = (cx, cy, rr, from) => rr > 0 ? arcOps(cx, cy, rr, from, from - 90, false) : [];
  return [
    ["M", x + rt, y],
    ["L", x + w - rt, y],
    ...corner(x + w - rt, y + rt, rt, 90),
    ["L", x + w, y + h - rb],
    ...corner(x + w - rb, y + h - rb, rb, 0),
    ["L", x + rb, y + h],
    ...corner(x + rb, y + h - rb, rb, -90),
    ["L", x, y + rt],
    ...corner(x + rt, y + rt, rt, 180),
    ["Z"]
  ];
}

// packages/qr/src/glyphs.ts
var GLYPHS = {
  " ": "",
  "!": "2.5,0 2.5,5.5; 2.5,7.9 2.5,8",
  '"': "1.5,0 1.5,2; 3.5,0 3.5,2",
  "#": "2,0 1,8; 4,0 3,8; 0.5,2.5 5,2.5; 0,5.5 4.5,5.5",
  $: "5,1.5 4,1 1,1 0,2 0,3 1,4 4,4 5,5 5,6 4,7 1,7 0,6.5; 2.5,0 2.5,8",
  "%": "5,0 0,8; 0.5,0.5 1.7,0.5 1.7,2 0.5,2 0.5,0.5; 3.3,6 4.5,6 4.5,7.5 3.3,7.5 3.3,6",
  "&": "5,8 1,3.5 1,1 2,0 3,0 4,1 4,2 0,5 0,7 1,8 3,8 5,5.5",
  "'": "2.5,0 2.5,2",
  "(": "3.5,-0.5 2,1 2,7 3.5,8.5",
  ")": "1.5,-0.5 3,1 3,7 1.5,8.5",
  "*": "2.5,1 2.5,5; 0.5,2 4.5,4; 0.5,4 4.5,2",
  "+": "2.5,2 2.5,7; 0,4.5 5,4.5",
  ",": "2.5,7.5 2.5,8 1.8,9.5",
  "-": "1,4.5 4,4.5",
  ".": "2.5,7.9 2.5,8",
  "/": "4.5,0 0.5,8",
  "0": "1,0 4,0 5,1 5,7 4,8 1,8 0,7 0,1 1,0; 4.5,1 0.5,7",
  "1": "1,1.5 2.5,0 2.5,8; 1,8 4,8",
  "2": "0,1 1,0 4,0 5,1 5,3 0,8 5,8",
  "3": "0,1 1,0 4,0 5,1 5,3 4,4 2,4; 4,4 5,5 5,7 4,8 1,8 0,7",
  "4": "3.5,8 3.5,0 0,5.5 5,5.5",
  "5": "5,0 0.5,0 0,3.5 4,3.5 5,4.5 5,7 4,8 1,8 0,7",
  "6": "4.5,0 2,0 0,2.5 0,7 1,8 4,8 5,7 5,5 4,4 0,4",
  "7": "0,0 5,0 1.5,8",
  "8": "1,0 4,0 5,1 5,3 4,4 1,4 0,3 0,1 1,0; 1,4 4,4 5,5 5,7 4,8 1,8 0,7 0,5 1,4",
  "9": "5,4 1,4 0,3 0,1 1,0 4,0 5,1 5,5.5 3,8 0.5,8",
  ":": "2.5,3 2.5,3.1; 2.5,7.9 2.5,8",
  ";": "2.5,3 2.5,3.1; 2.5,7.5 2.5,8 1.8,9.5",
  "<": "5,1.5 0,4.5 5,7.5",
  "=": "0,3 5,3; 0,6 5,6",
  ">": "0,1.5 5,4.5 0,7.5",
  "?": "0,1 1,0 4,0 5,1 5,2.5 2.5,4.5 2.5,5.5; 2.5,7.9 2.5,8",
  "@": "4,5.5 4,2.5 2,2.5 1.5,3 1.5,5 2,5.5 4,5.5 5,4.5 5,1 4,0 1,0 0,1 0,7 1,8 4.5,8",
  A: "0,8 2.5,0 5,8; 0.8,5.5 4.2,5.5",
  B: "0,0 0,8 4,8 5,7 5,5 4,4 0,4; 0,0 3.5,0 4.5,1 4.5,3 3.5,4",
  C: "5,1 4,0 1,0 0,1 0,7 1,8 4,8 5,7",
  D: "0,0 0,8 3,8 5,6 5,2 3,0 0,0",
  E: "5,0 0,0 0,8 5,8; 0,4 4,4",
  F: "5,0 0,0 0,8; 0,4 4,4",
  G: "5,1 4,0 1,0 0,1 0,7 1,8 4,8 5,7 5,4.5 3,4.5",
  H: "0,0 0,8; 5,0 5,8; 0,4 5,4",
  I: "1,0 4,0; 2.5,0 2.5,8; 1,8 4,8",
  J: "1.5,0 5,0; 4,0 4,7 3,8 1,8 0,7 0,6",
  K: "0,0 0,8; 5,0 0,5; 1.5,3.8 5,8",
  L: "0,0 0,8 5,8",
  M: "0,8 0,0 2.5,5 5,0 5,8",
  N: "0,8 0,0 5,8 5,0",
  O: "1,0 4,0 5,1 5,7 4,8 1,8 0,7 0,1 1,0",
  P: "0,8 0,0 4,0 5,1 5,3 4,4 0,4",
  Q: "1,0 4,0 5,1 5,7 4,8 1,8 0,7 0,1 1,0; 3,6 5,8.5",
  R: "0,8 0,0 4,0 5,1 5,3 4,4 0,4; 2.5,4 5,8",
  S: "5,1 4,0 1,0 0,1 0,3 1,4 4,4 5,5 5,7 4,8 1,8 0,7",
  T: "0,0 5,0; 2.5,0 2.5,8",
  U: "0,0 0,7 1,8 4,8 5,7 5,0",
  V: "0,0 2.5,8 5,0",
  W: "0,0 1.2,8 2.5,3 3.8,8 5,0",
  X: "0,0 5,8; 5,0 0,8",
  Y: "0,0 2.5,4 5,0; 2.5,4 2.5,8",
  Z: "0,0 5,0 0,8 5,8",
  "[": "3.5,-0.5 2,-0.5 2,8.5 3.5,8.5",
  "\\": "0.5,0 4.5,8",
  "]": "1.5,-0.5 3,-0.5 3,8.5 1.5,8.5",
  "^": "0.5,3 2.5,0 4.5,3",
  _: "0,9.5 5,9.5",
  "`": "1.5,0 3,1.5",
  a: "1,3 4,3 5,4 5,8; 5,5.5 1,5.5 0,6.5 0,7 1,8 4,8 5,7",
  b: "0,0 0,8; 0,4 1,3 4,3 5,4 5,7 4,8 1,8 0,7",
  c: "5,4 4,3 1,3 0,4 0,7 1,8 4,8 5,7",
  d: "5,0 5,8; 5,4 4,3 1,3 0,4 0,7 1,8 4,8 5,7",
  e: "0,5.5 5,5.5 5,4 4,3 1,3 0,4 0,7 1,8 4,8 5,7.2",
  f: "4.5,0.5 4,0 2.5,0 1.5,1 1.5,8; 0,3 4,3",
  g: "5,3 5,9.5 4,10.5 1,10.5 0,9.5; 5,4 4,3 1,3 0,4 0,7 1,8 4,8 5,7",
  h: "0,0 0,8; 0,4 1,3 4,3 5,4 5,8",
  i: "1.2,3 2.5,3 2.5,8; 1.2,8 3.8,8; 2.5,0.9 2.5,1",
  j: "1.5,3 3.5,3 3.5,9.5 2.5,10.5 0.5,10.5; 3.5,0.9 3.5,1",
  k: "0,0 0,8; 4.5,3 0,6; 1.8,5 5,8",
  l: "1.2,0 2.5,0 2.5,7 3.5,8 4.5,8",
  m: "0,8 0,3; 0,4 1,3 1.5,3 2.5,4 2.5,8; 2.5,4 3.5,3 4,3 5,4 5,8",
  n: "0,8 0,3; 0,4 1,3 4,3 5,4 5,8",
  o: "1,3 4,3 5,4 5,7 4,8 1,8 0,7 0,4 1,3",
  p: "0,3 0,10.5; 0,4 1,3 4,3 5,4 5,7 4,8 1,8 0,7",
  q: "5,3 5,10.5; 5,4 4,3 1,3 0,4 0,7 1,8 4,8 5,7",
  r: "0.5,3 0.5,8; 0.5,4.5 2,3 4.5,3",
  s: "5,3.8 4.2,3 0.8,3 0,3.8 0,4.7 0.8,5.5 4.2,5.5 5,6.3 5,7.2 4.2,8 0.8,8 0,7.2",
  t: "1.5,0.5 1.5,7 2.5,8 4.5,8; 0,3 4,3",
  u: "0,3 0,7 1,8 4,8 5,7; 5,3 5,8",
  v: "0,3 2.5,8 5,3",
  w: "0,3 1.2,8 2.5,4.5 3.8,8 5,3",
  x: "0,3 5,8; 5,3 0,8",
  y: "0,3 2.5,8; 5,3 1.5,10.5",
  z: "0,3 5,3 0,8 5,8",
  "{": "3.5,-0.5 2.5,0 2.5,3.5 1.5,4 2.5,4.5 2.5,8 3.5,8.5",
  "|": "2.5,-0.5 2.5,9.5",
  "}": "1.5,-0.5 2.5,0 2.5,3.5 3.5,4 2.5,4.5 2.5,8 1.5,8.5",
  "~": "0,5 1,4 2,4 3,5 4,5 5,4"
};
var ADVANCE = 7;
var CAP = 8;
var STROKE_PER_CAP = 1.1 / CAP;
function textWidth(text, capHeight) {
  return text.length === 0 ? 0 : (text.length * ADVANCE - 2) * capHeight / CAP;
}
function textOps(text, left, top, capHeight) {
  const k = capHeight / CAP;
  const ops = [];
  for (let i = 0; i < text.length; i++) {
    const glyph = GLYPHS[text[i]] ?? GLYPHS["?"];
    const x0 = left + i * ADVANCE * k;
    for (const stroke of glyph.split(";")) {
      const points = stroke.trim().split(/\s+/).filter(Boolean);
      points.forEach((p, j) => {
        const [x, y] = p.split(",").map(Number);
        ops.push([j === 0 ? "M" : "L", x0 + x * k, top + y * k]);
      });
    }
  }
  return ops;
}

// packages/qr/src/frame.ts
var MIN_QUIET = 2;
function header(width, bandHeight) {
  const cap = 0.4 * bandHeight;
  const r = 1.05 * cap;
  const iconStroke = 0.17 * r;
  const iconWidth = 2 * r * Math.SQRT1_2 + iconStroke;
  const gap = 0.6 * cap;
  const left = (width - (iconWidth + gap + textWidth("Wi-Fi", cap))) / 2;
  const top = (bandHeight - cap) / 2;
  const cx = left + iconWidth / 2;
  const cy = top + cap;
  const arcs = [0.4, 0.7, 1].flatMap((f) => arcOps(cx, cy, f * r, 135, 45, true));
  return [
    {
      kind: "stroke",
      ops: textOps("Wi-Fi", left + iconWidth + gap, top, cap),
      colour: "light",
      width: cap * STROKE_PER_CAP
    },
    { kind: "stroke", ops: arcs, colour: "light", width: iconStroke },
    { kind: "fill", ops: [...arcOps(cx, cy - 0.02 * r, 0.13 * r, 0, 360, true), ["Z"]], colour: "light" }
  ];
}
function footerLines(ssid, cap, room) {
  const one3 = `SSID: ${ssid}`;
  if (textWidth(one3, cap) <= room) return [{ text: one3, cap }];
  return [
    { text: "SSID:", cap },
    { text: ssid, cap: Math.min(cap, room / textWidth(ssid, 1)) }
  ];
}
function layoutFrame(matrix, margin, ssid) {
  const s = (matrix.size + 8) / 29;
  const quiet = Math.max(margin, MIN_QUIET);
  const code = matrix.size + 2 * quiet;
  const side = Math.max(1, Math.round(s));
  const ring = 0.6 * side;
  const band = Math.max(4, Math.round(6 * s));
  const width = code + 2 * side;
  const radius = 2.5 * s;
  const cap = band / 3;
  const room = width - 2 * side - s;
  const lines = footerLines(ssid, cap, room);
  const shapes = [];
  let y = band + code + 0.25 * cap;
  lines.forEach((line, i) => {
    if (i > 0) y += 0.5 * cap;
    const left = (width - textWidth(line.text, line.cap)) / 2;
    shapes.push({
      kind: "stroke",
      ops: textOps(line.text, left, y, line.cap),
      colour: "dark",
      width: line.cap * STROKE_PER_CAP
    });
    y += line.cap * 1.35;
  });
  const height = Math.ceil(y + 0.8 * s + ring);
  const outer = roundedRectOps(0, 0, width, height, radius);
  const inner = roundedRectOps(
    ring,
    band,
    width - 2 * ring,
    height - band - ring,
    Math.max(radius - ring, 0.5),
    0
  );
  return {
    width,
    height,
    codeX: side + quiet,
    codeY: band + quiet,
    shapes: [
      { kind: "fill", ops: [...outer, ...inner], colour: "dark", evenOdd: true },
      ...header(width, band),
      ...shapes
    ],
    title: `Wi-Fi SSID: ${ssid}`
  };
}

// packages/qr/src/layout.ts
function layoutImage(matrix, opts) {
  if (opts.frame) return layoutFrame(matrix, opts.margin, opts.frame.ssid);
  const side = matrix.size + 2 * opts.margin;
  return { width: side, height: side, codeX: opts.margin, codeY: opts.margin, shapes: [], title: "QR code" };
}

// packages/qr/src/runs.ts
function darkRuns(matrix) {
  const { size, modules } = matrix;
  const out = new Uint16Array(size * Math.ceil(size / 2) * 3);
  let n = 0;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let x = 0;
    while (x < size) {
      if (modules[row + x] === 0) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[row + x] === 1) x++;
      out[n++] = start;
      out[n++] = y;
      out[n++] = x - start;
    }
  }
  return out.subarray(0, n);
}

// packages/qr/src/eps.ts
var GREY = { dark: 0, light: 1 };
var num = (v) => String(Math.round(v * 1e4) / 1e4);
function psString(text) {
  let out = "";
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    if (c === "\\" || c === "(" || c === ")") out += `\\${c}`;
    else if (byte < 32 || byte > 126) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else out += c;
  }
  return `(${out})`;
}
function pathPs(ops) {
  return ops.map(
    (op) => op[0] === "Z" ? "h" : `${op.slice(1).map((v) => num(v)).join(" ")} ${op[0].toLowerCase()}`
  ).join(" ");
}
function shapesPs(layout) {
  return layout.shapes.map(
    (s) => s.kind === "fill" ? `${GREY[s.colour]} setgray n ${pathPs(s.ops)} ${s.evenOdd ? "eofill" : "fill"}` : `${GREY[s.colour]} setgray ${num(s.width)} setlinewidth n ${pathPs(s.ops)} stroke`
  );
}
function renderEps(matrix, opts) {
  const layout = layoutImage(matrix, opts);
  const unit = opts.cellSize * 72 / opts.dpi;
  const w = layout.width * unit;
  const h = layout.height * unit;
  const runs = darkRuns(matrix);
  const body = [];
  for (let i = 0; i < runs.length; i += 3) {
    body.push(
      `${runs[i] + layout.codeX} ${runs[i + 1] + layout.codeY} ${runs[i + 2]} R`
    );
  }
  return [
    "%!PS-Adobe-3.0 EPSF-3.0",
    `%%BoundingBox: 0 0 ${Math.ceil(w - 1e-9)} ${Math.ceil(h - 1e-9)}`,
    `%%HiResBoundingBox: 0 0 ${num(w)} ${num(h)}`,
    "%%Creator: QRQR",
    `%%Title: ${psString(layout.title)}`,
    `%%CreationDate: ${psString((/* @__PURE__ */ new Date()).toISOString())}`,
    "%%DocumentData: Clean7Bit",
    "%%LanguageLevel: 2",
    "%%Pages: 1",
    "%%EndComments",
    "%%BeginProlog",
    // Short names keep a 40-M code (thousands of runs) small: R fills one run of dark cells.
    "/R { 1 rectfill } bind def /n { newpath } bind def /m { moveto } bind def /l { lineto } bind def",
    "/c { curveto } bind def /h { closepath } bind def",
    "%%EndProlog",
    "%%Page: 1 1",
    "save",
    `0 ${num(h)} translate ${num(unit)} ${num(-unit)} scale`,
    "1 setlinecap 1 setlinejoin",
    `1 setgray 0 0 ${layout.width} ${layout.height} rectfill`,
    ...shapesPs(layout),
    "0 setgray",
    ...body,
    "restore",
    "showpage",
    "%%Trailer",
    "%%EOF",
    ""
  ].join("\n");
}

// packages/qr/src/svg.ts
var COLOURS = { dark: "#000", light: "#fff" };
var num2 = (v) => String(Math.round(v * 1e3) / 1e3);
function pathData(ops) {
  let d = "";
  for (const op of ops) {
    if (op[0] === "Z") d += "Z";
    else
      d += op[0] + op.slice(1).map((v) => num2(v)).join(" ");
  }
  return d;
}
function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
function modulesPath(matrix, ox, oy) {
  const runs = darkRuns(matrix);
  if (runs.length === 0) return "";
  let d = `M${runs[0] + ox} ${runs[1] + oy + 0.5}h${runs[2]}`;
  for (let i = 3; i < runs.length; i += 3) {
    const dx = runs[i] - runs[i - 3] - runs[i - 1];
    const dy = runs[i + 1] - runs[i - 2];
    d += `m${dx} ${dy}h${runs[i + 2]}`;
  }
  return d;
}
function shapesSvg(layout) {
  let out = "";
  for (const s of layout.shapes) {
    const d = pathData(s.ops);
    if (s.kind === "fill") {
      const rule = s.evenOdd ? ' fill-rule="evenodd"' : "";
      out += `<path fill="${COLOURS[s.colour]}"${rule} d="${d}"/>`;
    } else {
      out += `<path fill="none" stroke="${COLOURS[s.colour]}" stroke-width="${num2(s.width)}" stroke-linecap="round" stroke-linejoin="round" d="${d}"/>`;
    }
  }
  return out;
}
function renderSvg(matrix, opts) {
  const layout = layoutImage(matrix, opts);
  const { width, height } = layout;
  const px = (v) => num2(v * opts.cellSize);
  const title = layout.title ? `<title>${escapeXml(layout.title)}</title>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px(width)}" height="${px(height)}" viewBox="0 0 ${num2(width)} ${num2(height)}">` + title + `<rect width="${num2(width)}" height="${num2(height)}" fill="#fff"/>` + shapesSvg(layout) + `<path fill="none" stroke="#000" stroke-width="1" shape-rendering="crispEdges" d="${modulesPath(matrix, layout.codeX, layout.codeY)}"/></svg>`;
}

// apps/server/src/db/dialect.ts
function dialectSql(name) {
  return name === "postgres" ? { bigint: "bigint", serial: "bigserial", serialKey: (c) => c.primaryKey() } : { bigint: "integer", serial: "integer", serialKey: (c) => c.primaryKey().autoIncrement() };
}
function dialectOf(db2) {
  const adapter = db2.getExecutor().adapter.constructor.name;
  return adapter.startsWith("Postgres") ? "postgres" : "sqlite";
}
function isUniqueViolation(error) {
  const code = error?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

// apps/server/src/platform/validation.ts
import { validatorCompiler } from "fastify-type-provider-zod";
var ILL_FORMED_RULE = "validation.ill_formed_text";
var wellFormedValidatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const path5 = illFormedPath(data);
    if (path5) return { error: illFormedError(path5) };
    return validate(data);
  };
};
var ZOD_ISSUE = /* @__PURE__ */ Symbol.for("ZodFastifySchemaValidationError");
function illFormedError(path5) {
  const issue = {
    [ZOD_ISSUE]: true,
    keyword: "custom",
    instancePath: `/${path5.join("/")}`,
    schemaPath: `#/${path5.join("/")}/custom`,
    message: ILL_FORMED_RULE,
    params: { issue: "body" }
  };
  return [issue];
}

// apps/server/src/modules/qrcodes/codes.ts
import { randomBytes as randomBytes2 } from "node:crypto";
var BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomBase62(length) {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes2(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}
var newQrId = () => randomBase62(16);
var SHORT_CODE_LENGTH = 8;
var newShortCode = () => randomBase62(SHORT_CODE_LENGTH);
var SHORT_CODE_PATTERN = /^[0-9A-Za-z]{7,16}$/;
var SECRET_PREFIX = "QRQR:";
var newSecretToken = () => SECRET_PREFIX + randomBytes2(QR_LIMITS.secretBytes).toString("base64url");

// apps/server/src/modules/qrcodes/redirect-target.ts
function checkRedirectTarget(config2, url2) {
  if (isOwnRedirectUrl(url2, config2.publicUrl)) throw AppError.field("url", "validation.url_own_redirect");
}

// apps/server/src/modules/qrcodes/title.ts
function foldTitle(title) {
  return title.normalize("NFKC").toLowerCase();
}

// apps/server/src/modules/qrcodes/create.ts
async function createQrCode(ctx2, input) {
  const { body } = input;
  if (body.tab === QR_TABS.url && body.analysis_type === ANALYSIS_TYPES.redirect)
    checkRedirectTarget(ctx2.config, body.url);
  const base = baseRow(body);
  for (let attempt = 0; ; attempt++) {
    const id = newQrId();
    const shortCode = body.analysis_type === ANALYSIS_TYPES.redirect ? newShortCode() : null;
    const secretToken = body.analysis_type === ANALYSIS_TYPES.secret ? newSecretToken() : null;
    const payload = shortCode ? redirectUrl(ctx2.config.publicUrl, shortCode) : secretToken ?? base.plainPayload;
    const now = Date.now();
    const row = {
      ...base.columns,
      id,
      user_id: "userId" in input.owner ? input.owner.userId : null,
      guest_key_hash: "guestKeyHash" in input.owner ? input.owner.guestKeyHash : null,
      title: body.title,
      title_folded: foldTitle(body.title),
      analysis_type: body.analysis_type,
      payload,
      short_code: shortCode,
      secret_token: secretToken,
      version: versionOf(payload, base.field),
      read_count: 0,
      created_at: now,
      updated_at: now
    };
    try {
      await insertQrCode(ctx2.db, row);
      return await findQrCode(ctx2.db, id);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}
function baseRow(body) {
  const noWifi = {
    wifi_name: null,
    wifi_ssid: null,
    wifi_password: null,
    wifi_encryption: null,
    wifi_hidden: null,
    wifi_expire_hours: null
  };
  if (body.tab === QR_TABS.url) {
    return {
      columns: { tab: body.tab, type: QR_TYPES.normal, content: body.url, ...noWifi },
      plainPayload: body.url,
      field: "url"
    };
  }
  if (body.tab === QR_TABS.text) {
    return {
      columns: { tab: body.tab, type: QR_TYPES.normal, content: body.text, ...noWifi },
      plainPayload: body.text,
      field: "text"
    };
  }
  return { ...wifiBase(body), field: "password" };
}
function wifiBase(profile) {
  const password = profile.encryption === "nopass" ? "" : profile.password;
  return {
    columns: {
      tab: QR_TABS.wifi,
      type: QR_TYPES.wifi,
      content: profile.ssid,
      wifi_name: profile.name,
      wifi_ssid: profile.ssid,
      wifi_password: password,
      wifi_encryption: profile.encryption,
      wifi_hidden: profile.hidden ? 1 : 0,
      wifi_expire_hours: profile.expir_time
    },
    plainPayload: wifiPayload({
      ssid: profile.ssid,
      password,
      encryption: profile.encryption,
      hidden: profile.hidden
    })
  };
}
function versionOf(payload, field) {
  if (!isWellFormedText(payload)) throw AppError.field(field, ILL_FORMED_RULE);
  try {
    return encodeQr(payload).version;
  } catch (error) {
    if (error instanceof QrCapacityError) throw AppError.field(field, "validation.content_too_long");
    throw error;
  }
}

// apps/server/src/modules/qrcodes/change-wifi-profile.ts
async function changeWifiProfile(ctx2, input) {
  const code = await findMemberQrCode(ctx2.db, input.id, input.userId);
  if (!code) throw new AppError("E-404");
  if (code.tab !== QR_TABS.wifi) throw new AppError("E-202");
  const { columns, plainPayload } = wifiBase(input);
  const patch = { ...columns };
  if (code.analysis_type === ANALYSIS_TYPES.none) {
    patch.payload = plainPayload;
    patch.version = versionOf(plainPayload, "password");
  }
  await updateQrCode(ctx2.db, code.id, patch);
  staleRedirect(ctx2, code.short_code);
  return { ...code, ...patch };
}

// apps/server/src/modules/qrcodes/delete.ts
async function deleteCode(ctx2, input) {
  const code = await findMemberQrCode(ctx2.db, input.id, input.userId);
  if (!code || !await deleteMemberQrCode(ctx2.db, code.id, input.userId)) throw new AppError("E-404");
  staleRedirect(ctx2, code.short_code);
}

// packages/qr/src/grey.ts
function paintModules(img, matrix, left, top, cs) {
  const { width, pixels } = img;
  const runs = darkRuns(matrix);
  let r = 0;
  for (let my = 0; my < matrix.size; my++) {
    const first = (top + my * cs) * width;
    const row = pixels.subarray(first, first + width);
    for (; r < runs.length && runs[r + 1] === my; r += 3) {
      const x = left + runs[r] * cs;
      row.fill(0, x, x + runs[r + 2] * cs);
    }
    for (let k = 1; k < cs; k++) pixels.copyWithin(first + k * width, first, first + width);
  }
}
function plainGrey(matrix, cellSize, margin) {
  const side = (matrix.size + 2 * margin) * cellSize;
  const img = { width: side, height: side, pixels: new Uint8Array(side * side).fill(255) };
  paintModules(img, matrix, margin * cellSize, margin * cellSize, cellSize);
  return img;
}

// packages/qr/src/jpeg.ts
import sharp from "sharp";
sharp.cache(false);
sharp.concurrency(1);
var OPTIMISE_MAX_PIXELS = 4e6;
function greyToJpeg(img, scale = 1) {
  const width = img.width * scale;
  const height = img.height * scale;
  let pipeline = sharp(img.pixels, { raw: { width: img.width, height: img.height, channels: 1 } });
  if (scale > 1) pipeline = pipeline.resize(width, height, { kernel: "nearest" });
  return pipeline.toColourspace("b-w").jpeg({ quality: 92, optimiseCoding: width * height <= OPTIMISE_MAX_PIXELS }).toBuffer();
}

// packages/qr/src/png-writer.ts
import { promisify } from "node:util";
import { constants, crc32, deflate } from "node:zlib";
var deflateAsync = promisify(deflate);
var SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
async function writeGreyPng(width, height, bitDepth, scanlines, runLength = false) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = 0;
  const idat = await deflateAsync(scanlines, {
    level: 6,
    strategy: runLength ? constants.Z_RLE : constants.Z_DEFAULT_STRATEGY
  });
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array(0))
  ]);
}

// packages/qr/src/png.ts
function clearBit(line, i) {
  const at = 1 + (i >> 3);
  line[at] = line[at] & ~(128 >> (i & 7));
}
function clearBits(line, from, to) {
  let i = from;
  while (i < to && i & 7) {
    clearBit(line, i++);
  }
  const whole = to - i >> 3;
  if (whole > 0) {
    line.fill(0, 1 + (i >> 3), 1 + (i >> 3) + whole);
    i += whole << 3;
  }
  while (i < to) {
    clearBit(line, i++);
  }
}
function renderPlainPng(matrix, opts) {
  const { cellSize: cs, margin } = opts;
  const side = (matrix.size + 2 * margin) * cs;
  const stride = 1 + Math.ceil(side / 8);
  const out = new Uint8Array(stride * side).fill(255);
  for (let y = 0; y < side; y++) out[y * stride] = 0;
  const runs = darkRuns(matrix);
  const line = new Uint8Array(stride);
  let r = 0;
  for (let my = 0; my < matrix.size; my++) {
    line.fill(255);
    line[0] = 0;
    for (; r < runs.length && runs[r + 1] === my; r += 3) {
      const x = runs[r] + margin;
      clearBits(line, x * cs, (x + runs[r + 2]) * cs);
    }
    const top = (my + margin) * cs;
    for (let k = 0; k < cs; k++) out.set(line, (top + k) * stride);
  }
  return writeGreyPng(side, side, 1, out);
}
function greyPng(img) {
  const { width, height, pixels } = img;
  const stride = width + 1;
  const out = new Uint8Array(stride * height);
  out.set(pixels.subarray(0, width), 1);
  for (let y = 1; y < height; y++) {
    const o = y * stride + 1;
    const cur = y * width;
    out[o - 1] = 2;
    for (let x = 0; x < width; x++)
      out[o + x] = pixels[cur + x] - pixels[cur - width + x] & 255;
  }
  return writeGreyPng(width, height, 8, out, true);
}

// packages/qr/src/outline.ts
var CURVE_STEPS = 12;
var CAP_STEPS = 8;
function flatten(ops, scale) {
  const rings = [];
  let ring = [];
  for (const op of ops) {
    if (op[0] === "M") {
      if (ring.length > 0) rings.push(ring);
      ring = [op[1] * scale, op[2] * scale];
    } else if (op[0] === "L") {
      ring.push(op[1] * scale, op[2] * scale);
    } else if (op[0] === "C") {
      const x0 = ring[ring.length - 2];
      const y0 = ring[ring.length - 1];
      const [, x1, y1, x2, y2, x3, y3] = op.map((v) => v * scale);
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const d = t * t * t;
        ring.push(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3);
      }
    }
  }
  if (ring.length > 0) rings.push(ring);
  return rings;
}
function strokeOutline(ops, width, scale) {
  const r = width * scale / 2;
  const out = [];
  for (const line of flatten(ops, scale)) {
    for (let i = 0; i + 3 < line.length; i += 2) {
      const [px, py, qx, qy] = line.slice(i, i + 4);
      const len = Math.hypot(qx - px, qy - py);
      const dx = len > 1e-9 ? (qx - px) / len : 1;
      const dy = len > 1e-9 ? (qy - py) / len : 0;
      const capsule = [];
      for (let k = 0; k <= CAP_STEPS; k++) {
        const a = k / CAP_STEPS * Math.PI;
        capsule.push(
          qx + r * (-dy * Math.cos(a) + dx * Math.sin(a)),
          qy + r * (dx * Math.cos(a) + dy * Math.sin(a))
        );
      }
      for (let k = 0; k <= CAP_STEPS; k++) {
        const a = k / CAP_STEPS * Math.PI;
        capsule.push(
          px - r * (-dy * Math.cos(a) + dx * Math.sin(a)),
          py - r * (dx * Math.cos(a) + dy * Math.sin(a))
        );
      }
      out.push(capsule);
    }
  }
  return out;
}

// packages/qr/src/raster.ts
var SUB = 4;
function edgesOf(rings) {
  const edges = [];
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const x0 = ring[2 * i];
      const y0 = ring[2 * i + 1];
      const x1 = ring[2 * j];
      const y1 = ring[2 * j + 1];
      if (y0 === y1) continue;
      const slope = (x1 - x0) / (y1 - y0);
      const down7 = y1 > y0;
      edges.push({
        yTop: down7 ? y0 : y1,
        yBottom: down7 ? y1 : y0,
        x0: x0 - slope * y0,
        slope,
        dir: down7 ? 1 : -1,
        x: 0
      });
    }
  }
  return edges.sort((a, b) => a.yTop - b.yTop);
}
var BLOCK = 32;
var RowCoverage = class {
  constructor(width) {
    this.width = width;
    this.direct = new Float32Array(width + 1);
    this.delta = new Float32Array(width + 1);
    this.dirty = new Uint8Array(Math.ceil((width + 1) / BLOCK));
  }
  width;
  direct;
  delta;
  dirty;
  add(xa, xb, w) {
    const a = Math.max(0, xa);
    const b = Math.min(this.width, xb);
    if (b <= a) return;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    this.dirty.fill(1, Math.floor(ia / BLOCK), Math.floor(ib / BLOCK) + 1);
    if (ia === ib) {
      this.direct[ia] = this.direct[ia] + (b - a) * w;
      return;
    }
    this.direct[ia] = this.direct[ia] + (ia + 1 - a) * w;
    this.delta[ia + 1] = this.delta[ia + 1] + w;
    this.delta[ib] = this.delta[ib] - w;
    this.direct[ib] = this.direct[ib] + (b - ib) * w;
  }
  /** Blends the touched pixels towards `value` by their coverage and clears the row. */
  flush(pixels, offset, value) {
    let run = 0;
    for (let block = 0; block < this.dirty.length; block++) {
      if (this.dirty[block] === 0) {
        run = 0;
        continue;
      }
      this.dirty[block] = 0;
      const end = Math.min(this.width, (block + 1) * BLOCK);
      for (let x = block * BLOCK; x < end; x++) {
        run += this.delta[x];
        const a = run + this.direct[x];
        this.delta[x] = 0;
        this.direct[x] = 0;
        if (a >= 0.999) pixels[offset + x] = value;
        else if (a > 1e-3)
          pixels[offset + x] = Math.round(pixels[offset + x] * (1 - a) + value * a);
      }
    }
    this.delta[this.width] = 0;
    this.direct[this.width] = 0;
  }
};
function fillRings(img, rings, evenOdd, value) {
  const edges = edgesOf(rings);
  if (edges.length === 0) return;
  const first = Math.max(0, Math.floor(edges[0].yTop));
  const last = Math.min(img.height, Math.ceil(edges.reduce((m, e) => Math.max(m, e.yBottom), 0)));
  const row = new RowCoverage(img.width);
  const active = [];
  let next = 0;
  for (let py = first; py < last; py++) {
    for (let k = 0; k < SUB; k++) {
      const sy = py + (k + 0.5) / SUB;
      while (next < edges.length && edges[next].yTop <= sy) active.push(edges[next++]);
      let n = 0;
      for (const e of active) {
        if (e.yBottom <= sy) continue;
        e.x = e.x0 + e.slope * sy;
        let j = n++;
        while (j > 0 && active[j - 1].x > e.x) {
          active[j] = active[j - 1];
          j--;
        }
        active[j] = e;
      }
      active.length = n;
      let winding = 0;
      for (let i = 0; i < n - 1; i++) {
        const e = active[i];
        winding += evenOdd ? 1 : e.dir;
        if (evenOdd ? winding & 1 : winding !== 0) row.add(e.x, active[i + 1].x, 1 / SUB);
      }
    }
    row.flush(img.pixels, py * img.width, value);
  }
}
function rasterLayout(layout, matrix, cellSize) {
  const width = layout.width * cellSize;
  const height = layout.height * cellSize;
  const img = { width, height, pixels: new Uint8Array(width * height).fill(255) };
  for (const shape of layout.shapes) {
    const rings = shape.kind === "fill" ? flatten(shape.ops, cellSize) : strokeOutline(shape.ops, shape.width, cellSize);
    fillRings(img, rings, shape.kind === "fill" && shape.evenOdd === true, shape.colour === "dark" ? 0 : 255);
  }
  paintModules(img, matrix, layout.codeX * cellSize, layout.codeY * cellSize, cellSize);
  return img;
}

// packages/qr/src/node.ts
function renderPng(matrix, opts) {
  if (!opts.frame) return renderPlainPng(matrix, opts);
  return greyPng(rasterLayout(layoutImage(matrix, opts), matrix, opts.cellSize));
}
function renderJpeg(matrix, opts) {
  if (opts.frame) return greyToJpeg(rasterLayout(layoutImage(matrix, opts), matrix, opts.cellSize));
  return greyToJpeg(plainGrey(matrix, 1, opts.margin), opts.cellSize);
}
var ImageTooLargeError = class extends Error {
  constructor(width, height) {
    super(`image of ${width} x ${height} px is over the budget`);
    this.width = width;
    this.height = height;
  }
  width;
  height;
};
async function renderImage(payload, opts) {
  const matrix = encodeQr(payload);
  if (opts.maxSide !== void 0) {
    const layout = layoutImage(matrix, opts);
    const width = layout.width * opts.cellSize;
    const height = layout.height * opts.cellSize;
    if (Math.max(width, height) > opts.maxSide) throw new ImageTooLargeError(width, height);
  }
  switch (opts.format) {
    case 1:
      return { body: await renderPng(matrix, opts), contentType: "image/png", extension: "png" };
    case 2:
      return { body: await renderJpeg(matrix, opts), contentType: "image/jpeg", extension: "jpg" };
    case 3:
      return {
        body: Buffer.from(renderEps(matrix, opts)),
        contentType: "application/postscript",
        extension: "eps"
      };
    case 4:
      return {
        body: Buffer.from(renderSvg(matrix, opts)),
        contentType: "image/svg+xml; charset=utf-8",
        extension: "svg"
      };
  }
}

// apps/server/src/modules/qrcodes/download.ts
async function downloadImage(ctx2, input) {
  const { query } = input;
  const code = await findViewableQrCode(ctx2.db, query.qr_data_id, input.viewer);
  if (!code) throw new AppError("E-404");
  const image = await ctx2.renders.run(
    () => renderImage(code.payload, {
      format: query.type,
      cellSize: query.op_size,
      margin: query.op_margin,
      dpi: query.op_dpi,
      maxSide: IMAGE_OPTIONS.maxImagePixels,
      frame: code.type === 3 ? { ssid: code.wifi_ssid ?? code.content } : void 0
    }),
    input.signal
  ).catch((error) => {
    if (error instanceof ImageTooLargeError) throw AppError.field("op_size", "validation.image_too_large");
    throw error;
  });
  return {
    body: image.body,
    contentType: image.contentType,
    filename: `qrcode-${fileTitle(code.title) || code.id}.${image.extension}`
  };
}
function fileTitle(title) {
  return Array.from(title.replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, "_").trim()).slice(0, 80).join("");
}
function contentDisposition(filename, fallbackId) {
  const ext = filename.slice(filename.lastIndexOf("."));
  const ascii = filename.replace(/[^A-Za-z0-9._-]+/g, "_");
  const readable = /[A-Za-z0-9]/.test(ascii.slice("qrcode-".length, -ext.length)) ? ascii : `qrcode-${fallbackId}${ext}`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  );
  return `attachment; filename="${readable}"; filename*=UTF-8''${encoded}`;
}

// apps/server/src/modules/qrcodes/list.ts
var DAY_MS2 = 864e5;
var TOKYO_OFFSET_MS2 = 9 * 36e5;
async function listCodes(ctx2, input) {
  const { query } = input;
  const pageSize = LIMITS.pageSize;
  const createdFrom = query.from ? tokyoDayStart(query.from, "from") : void 0;
  const createdTo = query.to ? tokyoDayStart(query.to, "to") + DAY_MS2 - 1 : void 0;
  const fetchPage = (page2) => listQrCodes(ctx2.db, {
    viewer: input.viewer,
    sharedWithViewer: query.type === "share",
    onlyShared: query.share === "exist",
    title: query.title ? foldTitle(query.title) : void 0,
    createdFrom,
    createdTo,
    offset: (page2 - 1) * pageSize,
    limit: pageSize
  });
  const pageCountOf = (total2) => Math.max(1, Math.ceil(total2 / pageSize));
  let page = query.page;
  let { rows, total } = await fetchPage(page);
  if (page > pageCountOf(total)) {
    page = pageCountOf(total);
    ({ rows, total } = await fetchPage(page));
  }
  return {
    qrcodes: rows.map((r) => presentQrCode(r, ctx2.config.publicUrl)),
    total_count: total,
    page,
    page_count: pageCountOf(total),
    page_size: pageSize,
    ...input.guest ? { history_days: ctx2.config.GUEST_HISTORY_DAYS } : {}
  };
}
function tokyoDayStart(day, field) {
  const [y, m, d] = day.split("-").map(Number);
  const utc = Date.UTC(y, m - 1, d);
  if (new Date(utc).toISOString().slice(0, 10) !== day)
    throw AppError.field(field, "validation.date_invalid");
  return utc - TOKYO_OFFSET_MS2;
}

// apps/server/src/modules/qrcodes/redirect.ts
async function resolveRedirect(ctx2, code) {
  if (!SHORT_CODE_PATTERN.test(code)) return null;
  const cached = ctx2.redirects.get(code);
  if (cached) return cached;
  const mark = ctx2.redirects.mark();
  const row = await findByShortCode(ctx2.db, code);
  if (!row) return null;
  const target = {
    qrId: row.id,
    tab: row.tab,
    content: row.tab === QR_TABS.url ? locationOf(row.content) : row.content
  };
  ctx2.redirects.set(code, target, Date.now(), mark);
  return target;
}
function countScan(ctx2, scan) {
  if (scan.method !== "GET" || isBot(scan.userAgent)) return;
  ctx2.reads.record({
    qrId: scan.qrId,
    at: Date.now(),
    source: 2,
    ip: scan.ip,
    userAgent: scan.userAgent ?? ""
  });
}
function locationOf(url2) {
  try {
    return new URL(url2).href;
  } catch {
    return url2;
  }
}

// apps/server/src/modules/qrcodes/retarget.ts
async function retargetCode(ctx2, input) {
  const code = await findMemberQrCode(ctx2.db, input.id, input.userId);
  if (!code) throw new AppError("E-404");
  if (code.tab !== QR_TABS.url || code.analysis_type !== ANALYSIS_TYPES.redirect) throw new AppError("E-201");
  checkRedirectTarget(ctx2.config, input.url);
  await updateQrCode(ctx2.db, code.id, { content: input.url });
  staleRedirect(ctx2, code.short_code);
  return { ...code, content: input.url };
}

// apps/server/src/modules/qrcodes/text-page.ts
var WORDS = {
  ja: { title: "QR\u30B3\u30FC\u30C9\u306E\u30C6\u30AD\u30B9\u30C8", note: "\u3053\u306EQR\u30B3\u30FC\u30C9\u306B\u767B\u9332\u3055\u308C\u305F\u30C6\u30AD\u30B9\u30C8\u3067\u3059\u3002", made: "QRQR\u3067\u4F5C\u6210" },
  en: {
    title: "Text of the QR code",
    note: "This is the text saved in this QR code.",
    made: "Made with QRQR"
  }
};
function renderTextPage(text, locale) {
  const w = WORDS[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${w.title} | QRQR</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;background:#f8f9fa;color:#1a1b1e}
main{max-width:640px;margin:0 auto;padding:24px 16px}
h1{font-size:1.1rem;margin:0 0 4px}p.note{color:#495057;font-size:.875rem;margin:0 0 16px}
.text{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:16px;font-size:1rem;line-height:1.7;
white-space:pre-wrap;overflow-wrap:anywhere}
footer{margin-top:24px;font-size:.8rem;color:#495057}a{color:#1864ab}
</style></head>
<body><main><h1>${w.title}</h1><p class="note">${w.note}</p>
<div class="text">${escapeHtml(text)}</div>
<footer><a href="/">${w.made}</a></footer></main></body></html>`;
}
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// apps/server/src/modules/qrcodes/update-title.ts
async function updateTitle(ctx2, input) {
  const code = await findMemberQrCode(ctx2.db, input.id, input.userId);
  if (!code) throw new AppError("E-404");
  await updateQrCode(ctx2.db, code.id, { title: input.title, title_folded: foldTitle(input.title) });
  return { ...code, title: input.title, title_folded: foldTitle(input.title) };
}

// apps/server/src/modules/qrcodes/routes.ts
var tags4 = ["qrcodes"];
var one2 = responses({ qrcode: qrCodeSchema });
function qrcodeRoutes(ctx2) {
  const { sessions, config: config2 } = ctx2;
  const present = (row) => presentQrCode(row, config2.publicUrl);
  const limited = { rateLimit: { max: config2.QR_CREATE_RATE_LIMIT, timeWindow: "1 minute" } };
  const downloadLimited = { rateLimit: { max: config2.QR_DOWNLOAD_RATE_LIMIT, timeWindow: "1 minute" } };
  return async (app2) => {
    app2.post(
      api.qrCreate,
      { schema: { tags: tags4, body: createQrBody, response: one2 }, config: limited },
      async (req, reply) => {
        const userId = await sessions.userId(req);
        if (userId)
          return ok({ qrcode: present(await createQrCode(ctx2, { owner: { userId }, body: req.body })) });
        const guest = guestKeyFor(req);
        const row = await createQrCode(ctx2, { owner: { guestKeyHash: guest.hash }, body: req.body });
        setGuestCookie(reply, config2, guest.key);
        return ok({ qrcode: present(row) });
      }
    );
    app2.get(
      api.qrListData,
      { schema: { tags: tags4, querystring: qrListQuery, response: responses(qrListSchema) } },
      async (req) => {
        const userId = await sessions.userId(req);
        const viewer = { userId, guestKeyHash: userId ? null : guestKeyHash(req) };
        return ok(await listCodes(ctx2, { viewer, query: req.query, guest: !userId }));
      }
    );
    app2.post(api.qrTitleUpdate, { schema: { tags: tags4, body: titleUpdateBody, response: one2 } }, async (req) => {
      const userId = await sessions.requireUserId(req);
      return ok({ qrcode: present(await updateTitle(ctx2, { userId, ...req.body })) });
    });
    app2.post(
      api.qrRedirectUrlUpdate,
      { schema: { tags: tags4, body: redirectUrlUpdateBody, response: one2 } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ qrcode: present(await retargetCode(ctx2, { userId, ...req.body })) });
      }
    );
    app2.post(
      api.qrChangeWifiProfile,
      { schema: { tags: tags4, body: changeWifiProfileBody, response: one2 } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ qrcode: present(await changeWifiProfile(ctx2, { userId, ...req.body })) });
      }
    );
    app2.get(
      api.qrDelete,
      { schema: { tags: tags4, querystring: deleteQrQuery, response: responses() }, config: { csrf: true } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await deleteCode(ctx2, { userId, id: req.query.id });
        return ok();
      }
    );
    app2.get(
      api.qrDownload,
      {
        schema: {
          tags: tags4,
          querystring: downloadQuery,
          description: "The image file: type 1 PNG, 2 JPEG, 3 EPS, 4 SVG. 429 over the per-address limit, 503 when the render queue is full (both with Retry-After).",
          response: {
            200: z12.unknown().describe("The image (Content-Disposition: attachment)"),
            "4xx": errorResponse,
            "5xx": errorResponse
          }
        },
        config: downloadLimited
      },
      async (req, reply) => {
        const userId = await sessions.userId(req);
        const viewer = { userId, guestKeyHash: guestKeyHash(req) };
        const image = await downloadImage(ctx2, { viewer, query: req.query, signal: clientGone(reply) });
        return reply.header("content-type", image.contentType).header("content-disposition", contentDisposition(image.filename, req.query.qr_data_id)).header("cache-control", "private, no-store").header("x-content-type-options", "nosniff").send(image.body);
      }
    );
    app2.get(
      `${REDIRECT_PREFIX}:code`,
      {
        logLevel: "warn",
        helmet: false,
        config: { hotPath: true },
        schema: {
          tags: tags4,
          description: "A redirect code: 302 to its URL, or a page showing its text; 404 page when unknown."
        }
      },
      async (req, reply) => {
        const { code } = req.params;
        const target = await resolveRedirect(ctx2, code);
        if (!target) {
          req.locale = requestLocale(req);
          return reply.callNotFound();
        }
        countScan(ctx2, {
          qrId: target.qrId,
          method: req.method,
          ip: req.ip,
          userAgent: req.headers["user-agent"]
        });
        reply.header("cache-control", "no-store");
        if (target.tab === 0) return reply.redirect(target.content, 302);
        reply.helmet();
        return reply.header("x-robots-tag", "noindex").type("text/html; charset=utf-8").send(renderTextPage(target.content, requestLocale(req)));
      }
    );
  };
}

// apps/server/src/modules/qrcodes/scan-fast-path.ts
import proxyAddr from "@fastify/proxy-addr";
function scanFastPath(ctx2, trust) {
  const clientAddress = addressOf(trust);
  return (req, res) => {
    const url2 = req.url;
    if (!url2?.startsWith(REDIRECT_PREFIX) || req.method !== "GET" && req.method !== "HEAD") return false;
    const end = url2.indexOf("?");
    const code = url2.slice(REDIRECT_PREFIX.length, end === -1 ? void 0 : end);
    if (!SHORT_CODE_PATTERN.test(code)) return false;
    const target = ctx2.redirects.get(code);
    if (!target || target.tab !== QR_TABS.url) return false;
    countScan(ctx2, {
      qrId: target.qrId,
      method: req.method,
      ip: clientAddress(req),
      userAgent: req.headers["user-agent"]
    });
    res.writeHead(302, { location: target.content, "cache-control": "no-store", "content-length": "0" });
    res.end();
    return true;
  };
}
function addressOf(trust) {
  if (trust === false) return (req) => req.socket.remoteAddress ?? "";
  const trusted = typeof trust === "number" ? (_address, hop) => hop < trust : proxyAddr.compile(trust);
  return (req) => {
    const all = proxyAddr.all(req, trusted);
    return all[all.length - 1] ?? "";
  };
}

// apps/server/src/modules/qrcodes/module.ts
function createQrCodesModule(ctx2) {
  const qctx = {
    ...ctx2,
    redirects: new RedirectCache(),
    reads: new ReadRecorder(ctx2.db, ctx2.log),
    renders: new CostlyWork({
      concurrency: ctx2.config.RENDER_CONCURRENCY,
      queue: ctx2.config.RENDER_QUEUE,
      retryAfterSeconds: 5
    })
  };
  ctx2.invalidations.subscribe(REDIRECT_TOPIC, (code) => qctx.redirects.invalidate(code));
  ctx2.hooks.onDeleting(async ({ userId }) => {
    const codes = await memberShortCodes(ctx2.db, userId);
    return () => {
      for (const code of codes) staleRedirect(ctx2, code);
    };
  });
  registerCarryOver(ctx2);
  return {
    routes: qrcodeRoutes(qctx),
    reads: qctx.reads,
    redirects: qctx.redirects,
    scanFastPath: scanFastPath(qctx, ctx2.config.TRUST_PROXY)
  };
}

// apps/server/src/platform/peer.ts
function isLoopbackPeer(request) {
  const address = request.socket.remoteAddress ?? "";
  return address === "::1" || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

// apps/server/src/modules/system/dev-mailbox-access.ts
function devMailboxEnabled(config2) {
  return !config2.production && !config2.behindProxy;
}
function devMailboxAnswers(config2, request) {
  return devMailboxEnabled(config2) && isLoopbackPeer(request);
}
var DEV_MAILBOX_PATH = "/dev/mailbox";
function devMailboxHint(config2) {
  const local = `http://localhost:${config2.PORT}${DEV_MAILBOX_PATH}`;
  return `Mail is kept in the development mailbox: open ${local} in a browser on this machine (from another machine, through an SSH tunnel: ssh -L ${config2.PORT}:localhost:${config2.PORT} <this host>). It answers only loopback clients, never behind TRUST_PROXY or with NODE_ENV=production.`;
}

// apps/server/src/modules/system/dev-mailbox.ts
function devMailboxRoutes(ctx2) {
  const latest = async () => {
    await ctx2.background.drain();
    return ctx2.db.kysely.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(50).execute();
  };
  const hidden = { schema: { hide: true } };
  return async (app2) => {
    app2.addHook("onRequest", async (request, reply) => {
      if (!devMailboxAnswers(ctx2.config, request)) return reply.callNotFound();
    });
    app2.get(`${DEV_MAILBOX_PATH}.json`, hidden, async () => ({ mails: await latest() }));
    app2.get(DEV_MAILBOX_PATH, hidden, async (_req, reply) => {
      const rows = await latest();
      const items = rows.map(
        (m) => `<article><h2>${esc(m.subject)}</h2>
<p class="meta">To: ${esc(m.to_address)} \xB7 ${new Date(m.created_at).toLocaleString("ja-JP", { timeZone: "Asia/Tokyo" })}</p>
<pre>${linkify(esc(m.text_body))}</pre></article>`
      ).join("\n");
      return reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:1rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:0 1rem;margin:1rem 0}h2{font-size:1.05rem}
.meta{color:#495057;font-size:.85rem}pre{white-space:pre-wrap;word-break:break-all}a{color:#1864ab}</style></head>
<body><main><h1>Dev mailbox</h1><p>Mail kept because SMTP_URL is not set (${rows.length} shown).</p>
${items || "<p>No mail yet.</p>"}</main></body></html>`);
    });
  };
}
function esc(s) {
  return s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
function linkify(s) {
  return s.replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);
}

// apps/server/src/modules/system/routes.ts
import { sql as sql4 } from "kysely";

// apps/server/src/platform/page.ts
import fs2 from "node:fs";
import path from "node:path";
var PageRenderer = class {
  template;
  constructor(webDist) {
    const file = path.join(webDist, "index.html");
    this.template = fs2.existsSync(file) ? fs2.readFileSync(file, "utf8") : MISSING_BUILD;
  }
  render(params, locale) {
    const json = JSON.stringify(params).replace(/</g, "\\u003c");
    const head = `<meta name="csrf-token" content="${escapeAttr(params.csrfToken)}"><script id="page-params" type="application/json">${json}</script>`;
    return this.template.replace("<!--app-head-->", head).replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`);
  }
};
function escapeAttr(value) {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
var MISSING_BUILD = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>QRQR</title><!--app-head--></head>
<body><main id="app"><h1>QRQR</h1><p>The web app has not been built. Run <code>npm start</code>, which builds it first.</p></main></body></html>`;

// apps/server/src/modules/system/page-params.ts
async function pageParams(ctx2, request, reply, locale) {
  const { config: config2, sessions } = ctx2;
  const sid = sessions.ensureSid(request, reply);
  const userId = await sessions.userId(request);
  const user2 = userId ? await findActiveUser(ctx2.db, userId) : void 0;
  return {
    userName: user2?.user_name ?? "",
    isGuest: !user2,
    isUserRegisteredChannelService: Boolean(user2?.channel_service_registered),
    isAccountMenuVisible: Boolean(user2),
    QR_CHANNEL_REGISTER_URL: config2.QR_CHANNEL_REGISTER_URL,
    "DATAPORTAL.URL": config2.DATAPORTAL_URL,
    REGISTER_URL: config2.REGISTER_URL,
    csrfToken: sessions.csrfTokenFor(sid),
    locale,
    devMailbox: devMailboxAnswers(config2, request),
    footerLinks: configuredLinks({
      company: config2.FOOTER_COMPANY_URL,
      terms: config2.FOOTER_TERMS_URL,
      privacy: config2.FOOTER_PRIVACY_URL,
      news: config2.FOOTER_NEWS_URL,
      faq: config2.FOOTER_FAQ_URL,
      about: config2.FOOTER_ABOUT_URL,
      inquiry: config2.FOOTER_INQUIRY_URL,
      blog: config2.FOOTER_BLOG_URL
    })
  };
}
function configuredLinks(links) {
  return Object.fromEntries(Object.entries(links).filter(([, href]) => href));
}

// apps/server/src/modules/system/routes.ts
function systemRoutes(ctx2) {
  const renderer = new PageRenderer(ctx2.config.WEB_DIST);
  const screens = new Set(SCREEN_PATHS.map(stripSlash));
  return async (app2) => {
    app2.get(api.health, { schema: { tags: ["system"] }, logLevel: "warn" }, async (req, reply) => {
      try {
        await sql4`select 1`.execute(ctx2.db.kysely);
        return ok({ database: "ok", dialect: ctx2.db.dialect });
      } catch (err) {
        ctx2.log.error({ err }, "health check failed");
        return reply.status(503).send(errorBody("E-503", req.locale));
      }
    });
    app2.get(api.session, { schema: { tags: ["system"] } }, async (req, reply) => {
      return ok({ params: await pageParams(ctx2, req, reply, req.locale) });
    });
    app2.setNotFoundHandler(async (req, reply) => {
      const pathname = stripSlash(req.url.split("?")[0] ?? "/");
      const accept = String(req.headers.accept ?? "");
      const wantsPage = (req.method === "GET" || req.method === "HEAD") && !req.url.startsWith("/api/") && (accept.includes("text/html") || screens.has(pathname) && !accept.includes("application/json"));
      if (!wantsPage) throw new AppError("E-404");
      const html = renderer.render(await pageParams(ctx2, req, reply, req.locale), req.locale);
      return reply.status(screens.has(pathname) ? 200 : 404).header("cache-control", "no-store").type("text/html; charset=utf-8").send(html);
    });
  };
}
function stripSlash(p) {
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

// apps/server/src/platform/asset-headers.ts
var DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection"
];
function setImmutableAssetHeaders(reply) {
  reply.header("cache-control", "public, max-age=31536000, immutable");
  for (const name of ["etag", "last-modified", ...DOCUMENT_ONLY_HEADERS]) reply.removeHeader(name);
}

// apps/server/src/platform/background.ts
var BackgroundTasks = class {
  constructor(log) {
    this.log = log;
  }
  log;
  running = /* @__PURE__ */ new Set();
  run(name, work) {
    const task = new Promise((resolve) => setImmediate(resolve)).then(work).catch((err) => this.log.error({ err, task: name }, "background task failed")).finally(() => this.running.delete(task));
    this.running.add(task);
  }
  /** Tasks started and not yet finished. */
  get pending() {
    return this.running.size;
  }
  /** Resolves when every task, also those started meanwhile, has finished. */
  async drain() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
};

// apps/server/src/platform/body-parsers.ts
import { parse as parseQueryString } from "fast-querystring";
function registerBodyParsers(app2, bodyLimit) {
  const strict = new TextDecoder("utf-8", { fatal: true });
  const decode = (body) => {
    try {
      return strict.decode(body);
    } catch {
      throw AppError.field("body", ILL_FORMED_RULE);
    }
  };
  const parseJson = app2.getDefaultJsonParser("error", "error");
  app2.removeContentTypeParser("application/json");
  app2.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit }, (request, body, done) => {
    let text;
    try {
      text = decode(body);
    } catch (error) {
      done(error, void 0);
      return;
    }
    parseJson(request, text, done);
  });
  app2.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer", bodyLimit },
    (_request, body, done) => {
      try {
        done(null, parseQueryString(decode(body)));
      } catch (error) {
        done(error, void 0);
      }
    }
  );
}

// apps/server/src/platform/cache-control.ts
function registerCacheControl(app2) {
  app2.addHook("onSend", (request, reply, payload, done) => {
    if (request.routeOptions.config?.hotPath) return done(null, payload);
    const type = String(reply.getHeader("content-type") ?? "");
    if (/^(application\/(?:[\w.+-]+\+)?json|text\/html)\b/.test(type))
      reply.header("cache-control", request.routeOptions.config?.cacheControl ?? "no-store");
    done(null, payload);
  });
}

// apps/server/src/platform/session.ts
var SID_COOKIE = "sid";
var CSRF_COOKIE = "XSRF-TOKEN";
var DAY_MS3 = 864e5;
var Sessions = class {
  constructor(db2, config2, secret) {
    this.db = db2;
    this.config = config2;
    this.secret = secret;
  }
  db;
  config;
  secret;
  csrfTokenFor(sid) {
    return hmac(this.secret, `csrf:${sid}`);
  }
  /** The browser's sid, issuing a guest one (and its CSRF cookie) on the first visit. */
  ensureSid(request, reply) {
    const current = request.cookies[SID_COOKIE];
    if (current && /^[A-Za-z0-9_-]{20,64}$/.test(current)) return current;
    return this.setSid(request, reply, randomToken(24));
  }
  /** The signed-in user's id, or null for a guest. Read once per request. */
  async userId(request) {
    if (request.sessionUserId !== void 0) return request.sessionUserId;
    const sid = request.cookies[SID_COOKIE];
    let userId = null;
    if (sid) {
      const row = await this.db.kysely.selectFrom("sessions").select("user_id").where("id", "=", sha256(sid)).where("expires_at", ">", Date.now()).executeTakeFirst();
      userId = row?.user_id ?? null;
    }
    request.sessionUserId = userId;
    return userId;
  }
  async requireUserId(request) {
    const id = await this.userId(request);
    if (!id) throw new AppError("E-401");
    return id;
  }
  /** Signs a user in with a fresh sid (never the one a guest had: no session fixation). */
  async start(request, reply, userId) {
    await this.dropCurrent(request);
    const sid = randomToken(32);
    const now = Date.now();
    await this.db.kysely.insertInto("sessions").values({
      id: sha256(sid),
      user_id: userId,
      created_at: now,
      expires_at: now + this.config.SESSION_DAYS * DAY_MS3
    }).execute();
    this.setSid(request, reply, sid);
    request.sessionUserId = userId;
    return this.csrfTokenFor(sid);
  }
  /** Signs out this browser; it continues as a guest with a new sid. */
  async end(request, reply) {
    await this.dropCurrent(request);
    const sid = this.setSid(request, reply, randomToken(24));
    request.sessionUserId = null;
    return this.csrfTokenFor(sid);
  }
  /** Ends every session of a user except, optionally, the caller's (after a password change). */
  async revokeAll(userId, keep) {
    const keepSid = keep?.cookies[SID_COOKIE];
    let q4 = this.db.kysely.deleteFrom("sessions").where("user_id", "=", userId);
    if (keepSid) q4 = q4.where("id", "!=", sha256(keepSid));
    await q4.execute();
  }
  async deleteExpired() {
    await this.db.kysely.deleteFrom("sessions").where("expires_at", "<=", Date.now()).execute();
  }
  async dropCurrent(request) {
    const sid = request.cookies[SID_COOKIE];
    if (sid) await this.db.kysely.deleteFrom("sessions").where("id", "=", sha256(sid)).execute();
  }
  setSid(request, reply, sid) {
    const common = {
      path: "/",
      sameSite: "lax",
      secure: this.config.secureCookies,
      maxAge: this.config.SESSION_DAYS * 86400
    };
    reply.setCookie(SID_COOKIE, sid, { ...common, httpOnly: true });
    reply.setCookie(CSRF_COOKIE, this.csrfTokenFor(sid), { ...common, httpOnly: false });
    request.cookies[SID_COOKIE] = sid;
    return sid;
  }
};

// apps/server/src/platform/csrf.ts
var UNSAFE = /* @__PURE__ */ new Set(["POST", "PUT", "PATCH", "DELETE"]);
function registerCsrfCheck(app2, sessions) {
  app2.addHook("preValidation", (request, _reply, done) => {
    const opted = request.routeOptions.config?.csrf;
    if (opted === false || !UNSAFE.has(request.method) && opted !== true) return done();
    done(isValid(request, sessions) ? void 0 : new AppError("E-403"));
  });
}
function isValid(request, sessions) {
  if (!request.headers["x-requested-with"]) return false;
  const sid = request.cookies[SID_COOKIE];
  if (!sid) return false;
  const sent = header2(request, "x-xsrf-token") ?? header2(request, "x-csrf-token") ?? request.body?._csrf ?? request.query?._csrf;
  return typeof sent === "string" && safeEqual(sent, sessions.csrfTokenFor(sid));
}
function header2(request, name) {
  const v = request.headers[name];
  return typeof v === "string" && v ? v : void 0;
}

// apps/server/src/platform/error-handler.ts
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
var FASTIFY_CODES = {
  FST_ERR_CTP_BODY_TOO_LARGE: "E-413",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "E-415",
  FST_ERR_CTP_INVALID_JSON_BODY: "E-400",
  FST_ERR_CTP_EMPTY_JSON_BODY: "E-400",
  FST_ERR_VALIDATION: "E-400"
};
function registerErrorHandler(app2) {
  app2.setErrorHandler((error, request, reply) => {
    const locale = request.locale;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, "").replaceAll("/", ".") || String(v.params?.issue ?? "body"),
        rule: v.message?.includes(".") ? v.message : "validation.invalid"
      }));
      return reply.status(400).send(errorBody("E-400", locale, new AppError("E-400", { fields: dedupe(fields) })));
    }
    if (error instanceof AppError) {
      const wait = error.options.retryAfterSeconds;
      if (wait !== void 0) reply.header("retry-after", String(Math.max(1, Math.ceil(wait))));
      return reply.status(error.statusCode).send(errorBody(error.code, locale, error));
    }
    if (error.statusCode === 429) return reply.status(429).send(errorBody("E-429", locale));
    const known = error.code ? FASTIFY_CODES[error.code] : void 0;
    if (known) return reply.status(error.statusCode ?? 400).send(errorBody(known, locale));
    if (isClientAbort(error, request)) {
      request.log.debug({ err: error }, "client aborted the request");
      return reply.status(400).send(errorBody("E-400", locale));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(errorBody("E-500", locale));
  });
}
function dedupe(fields) {
  const seen = /* @__PURE__ */ new Set();
  return fields.filter((f) => !seen.has(f.field) && seen.add(f.field));
}

// apps/server/src/platform/logger.ts
function loggerOptions(config2) {
  return {
    level: config2.LOG_LEVEL,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["x-xsrf-token"]',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        "*.password",
        "*.new_password",
        "*.current_password",
        "*.confirmation_code",
        "*.csrf_token"
      ],
      censor: "[redacted]"
    },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip
      })
    }
  };
}
function redactUrl(url2) {
  return url2.replace(/((?:confirmation_code|code|token|_csrf)=)[^&]*/g, "$1[redacted]");
}

// apps/server/src/platform/mailer.ts
import nodemailer from "nodemailer";
function createMailer(config2, db2, log) {
  if (config2.SMTP_URL) return new SmtpMailer(nodemailer.createTransport(config2.SMTP_URL), config2.MAIL_FROM);
  return new OutboxMailer(db2, log, !config2.production);
}
var SmtpMailer = class {
  constructor(transport, from) {
    this.transport = transport;
    this.from = from;
  }
  transport;
  from;
  async send(mail) {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
};
var OutboxMailer = class {
  constructor(db2, log, logBody) {
    this.db = db2;
    this.log = log;
    this.logBody = logBody;
  }
  db;
  log;
  logBody;
  async send(mail) {
    await this.db.kysely.insertInto("mail_outbox").values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: Date.now() }).execute();
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, ...this.logBody ? { text: mail.text } : {} } },
      "mail kept in the outbox (SMTP_URL is not set)"
    );
  }
};

// apps/server/src/platform/redis.ts
import { Redis } from "ioredis";

// apps/server/src/platform/invalidation-bus.ts
var LocalInvalidationBus = class {
  listeners = /* @__PURE__ */ new Map();
  publish(topic, key) {
    for (const listener of this.listeners.get(topic) ?? []) listener(key);
  }
  subscribe(topic, listener) {
    this.listeners.set(topic, [...this.listeners.get(topic) ?? [], listener]);
  }
};
var RedisInvalidationBus = class {
  constructor(publisher, subscriber, prefix, log) {
    this.publisher = publisher;
    this.log = log;
    this.channel = `${prefix}invalidate`;
    subscriber.on("message", (channel, message) => {
      if (channel !== this.channel) return;
      const space = message.indexOf(" ");
      if (space > 0) this.local.publish(message.slice(0, space), message.slice(space + 1));
    });
    subscriber.subscribe(this.channel).catch((err) => {
      log.error({ err }, "redis: subscribing to cache invalidations failed");
    });
  }
  publisher;
  log;
  local = new LocalInvalidationBus();
  channel;
  publish(topic, key) {
    this.local.publish(topic, key);
    this.publisher.publish(this.channel, `${topic} ${key}`).catch((err) => {
      this.log.error({ err, topic, key }, "redis: publishing a cache invalidation failed");
    });
  }
  subscribe(topic, listener) {
    this.local.subscribe(topic, listener);
  }
};

// apps/server/src/platform/redis.ts
var CONNECT_WAIT_MS = 3e3;
async function openSharedState(config2, log) {
  const rateLimitNameSpace = `${config2.REDIS_PREFIX}rate-limit:`;
  if (!config2.REDIS_URL) {
    return {
      rateLimitRedis: void 0,
      rateLimitNameSpace,
      invalidations: new LocalInvalidationBus(),
      close: async () => {
      }
    };
  }
  const commands = connect(config2.REDIS_URL, "commands", log, false);
  const subscriber = connect(config2.REDIS_URL, "subscriber", log, true);
  await Promise.all([ready(commands), ready(subscriber)]);
  return {
    rateLimitRedis: commands,
    rateLimitNameSpace,
    invalidations: new RedisInvalidationBus(commands, subscriber, config2.REDIS_PREFIX, log),
    close: async () => {
      await Promise.all([quit(commands), quit(subscriber)]);
    }
  };
}
function connect(url2, role, log, queueWhileAway) {
  const client = new Redis(url2, {
    enableOfflineQueue: queueWhileAway,
    maxRetriesPerRequest: queueWhileAway ? null : 1,
    connectTimeout: CONNECT_WAIT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5e3)
  });
  let reported = false;
  client.on("error", (err) => {
    if (!reported) log.error({ err, role }, "redis: connection error");
    reported = true;
  });
  client.on("ready", () => {
    if (reported) log.info({ role }, "redis: connected again");
    reported = false;
  });
  return client;
}
function ready(client) {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const timer2 = setTimeout(done, CONNECT_WAIT_MS);
    function done() {
      clearTimeout(timer2);
      client.off("ready", done);
      resolve();
    }
    client.once("ready", done);
  });
}
async function quit(client) {
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

// apps/server/src/platform/settings.ts
async function getOrCreateSetting(db2, key, create) {
  const found = await db2.kysely.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
  if (found) return found.value;
  await db2.kysely.insertInto("app_settings").values({ key, value: create() }).onConflict((oc) => oc.column("key").doNothing()).execute();
  const row = await db2.kysely.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}
function getSecret(db2) {
  return getOrCreateSetting(db2, "secret", () => randomToken(48));
}

// apps/server/src/app.ts
function trustedProxies(trust) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}
async function buildApp({
  config: config2,
  db: db2,
  mailer,
  logStream
}) {
  const bodyLimit = 1024 * 1024;
  const logger = logStream ? { ...loggerOptions(config2), stream: logStream } : loggerOptions(config2);
  let scanFastPath2;
  const app2 = Fastify({
    logger,
    trustProxy: trustedProxies(config2.TRUST_PROXY),
    bodyLimit,
    serverFactory: (handler) => http.createServer((req, res) => {
      if (!scanFastPath2?.(req, res)) handler(req, res);
    })
  });
  app2.setValidatorCompiler(wellFormedValidatorCompiler);
  app2.setSerializerCompiler(serializerCompiler);
  const sessions = new Sessions(db2, config2, await getSecret(db2));
  const shared2 = await openSharedState(config2, app2.log);
  app2.addHook("onClose", () => shared2.close());
  const ctx2 = {
    config: config2,
    db: db2,
    sessions,
    hooks: new AccountHooks(),
    log: app2.log,
    mailer: mailer ?? createMailer(config2, db2, app2.log),
    background: new BackgroundTasks(app2.log),
    invalidations: shared2.invalidations
  };
  app2.addHook("onClose", () => ctx2.background.drain());
  await app2.register(cookie);
  registerBodyParsers(app2, bodyLimit);
  await app2.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config2.secureCookies ? [] : null
      }
    },
    hsts: config2.secureCookies
  });
  await app2.register(rateLimit, {
    global: false,
    ...shared2.rateLimitRedis && {
      redis: shared2.rateLimitRedis,
      nameSpace: shared2.rateLimitNameSpace,
      skipOnError: true
    }
  });
  app2.decorateRequest("locale", "ja");
  app2.addHook("onRequest", (request, _reply, done) => {
    if (!request.routeOptions.config.hotPath) request.locale = requestLocale(request);
    done();
  });
  registerErrorHandler(app2);
  registerCacheControl(app2);
  registerCsrfCheck(app2, sessions);
  await app2.register(swagger, {
    openapi: { info: { title: "QRQR API", version: "1.0.0" } },
    transform: jsonSchemaTransform
  });
  await app2.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  if (fs3.existsSync(config2.WEB_DIST)) {
    await app2.register(fastifyStatic, {
      root: config2.WEB_DIST,
      wildcard: false,
      index: false,
      allowedPath: (p) => p !== "/index.html",
      // scripts/build-web.mjs wrote .br and .gz next to each asset; nothing is compressed per request.
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (path2.relative(config2.WEB_DIST, file).startsWith(`assets${path2.sep}`)) {
          setImmutableAssetHeaders(reply);
        }
      }
    });
  }
  await app2.register(systemRoutes(ctx2));
  await app2.register(authRoutes(ctx2));
  const qrcodes = createQrCodesModule(ctx2);
  await app2.register(qrcodes.routes);
  scanFastPath2 = qrcodes.scanFastPath;
  app2.addHook("preClose", (done) => {
    scanFastPath2 = void 0;
    done();
  });
  await app2.register(newsRoutes(ctx2));
  await app2.register(analyticsRoutes(ctx2));
  for (const routes of createChannelsModule(ctx2)) await app2.register(routes);
  qrcodes.reads.start();
  app2.addHook("onClose", () => qrcodes.reads.stop());
  if (devMailboxEnabled(config2)) await app2.register(devMailboxRoutes(ctx2));
  return { app: app2, ctx: ctx2, reads: qrcodes.reads };
}

// apps/server/src/config.ts
import fs4 from "node:fs";
import { isIP as isIP2 } from "node:net";
import path3 from "node:path";
import { fileURLToPath } from "node:url";
import { z as z13 } from "zod";
var repoRoot = path3.resolve(path3.dirname(fileURLToPath(import.meta.url)), "../../..");
function isAddressOrRange(entry) {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP2(address);
  if (family === 0 || extra !== void 0) return false;
  if (prefix === void 0) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
var TRUST_PROXY_HELP = "write the number of proxies in front of the server (e.g. 1), or their addresses (e.g. 10.0.0.5 or 10.0.0.0/8,fd00::/8), or false";
var trustProxy = z13.string().transform((raw, ctx2) => {
  const v = raw.trim().toLowerCase();
  if (v === "false" || v === "0" || v === "no") return false;
  if (/^\d+$/.test(v) && Number(v) <= 100) return Number(v);
  if (v === "true" || v === "yes") {
    ctx2.addIssue({
      code: "custom",
      message: `"true" would trust any X-Forwarded-For a client sends; ${TRUST_PROXY_HELP}`
    });
    return z13.NEVER;
  }
  const entries = v.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    ctx2.addIssue({ code: "custom", message: `${bad.join(", ")} is not an address; ${TRUST_PROXY_HELP}` });
    return z13.NEVER;
  }
  return entries;
});
var url = (message) => z13.string().refine((v) => /^https?:\/\/[^\s/]+/.test(v), { message }).transform((v) => v.replace(/\/+$/, ""));
var optionalUrl = z13.string().trim().optional().transform((v) => v || void 0);
var envSchema = z13.object({
  NODE_ENV: z13.enum(["development", "production", "test"]).default("development"),
  PORT: z13.coerce.number().int().min(1).max(65535).default(3e3),
  HOST: z13.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: url("must be an http(s) URL such as https://qr.example.jp").optional(),
  DATA_DIR: z13.string().min(1).default(path3.join(repoRoot, "data")),
  DATABASE_URL: z13.string().refine((v) => v.startsWith("postgres://") || v.startsWith("postgresql://"), {
    message: "must start with postgres:// (leave it unset for the embedded SQLite database)"
  }).optional(),
  /** PostgreSQL schema to use instead of `public` (tests give each run its own). */
  DATABASE_SCHEMA: z13.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, { message: "must be a plain lower-case identifier" }).optional(),
  SMTP_URL: z13.string().refine((v) => /^smtps?:\/\//.test(v), { message: "must start with smtp:// or smtps://" }).optional(),
  MAIL_FROM: z13.string().min(3).default("QRQR <no-reply@localhost>"),
  /**
   * Redis shared by several server processes on one database: rate-limit counters and cache
   * invalidation. Unset, a single process keeps both in memory.
   */
  REDIS_URL: z13.string().refine((v) => /^rediss?:\/\/[^\s]+$/.test(v), {
    message: "must start with redis:// or rediss:// (leave it unset for a single server process)"
  }).optional(),
  /** Start of every Redis key and channel name, so installs (or test runs) can share one Redis. */
  REDIS_PREFIX: z13.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/, { message: "must be up to 64 letters, digits or _ : . -" }).default("qrqr:"),
  LOG_LEVEL: z13.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_DAYS: z13.coerce.number().int().min(1).max(365).default(30),
  /** Requests a minute per address to sign-up, password reset and similar calls. */
  AUTH_RATE_LIMIT: z13.coerce.number().int().min(1).max(1e5).default(10),
  /**
   * Sign-ins a minute per address: looser than AUTH_RATE_LIMIT, because many people may share one
   * address (an office) and guessing one account is stopped by the per-account lock instead.
   */
  SIGNIN_RATE_LIMIT: z13.coerce.number().int().min(1).max(1e5).default(30),
  /** Days a guest's code history cookie lives after the guest's last new code (spec §9: 1 day). */
  GUEST_HISTORY_DAYS: z13.coerce.number().int().min(1).max(365).default(1),
  /** New QR codes a minute per address. */
  QR_CREATE_RATE_LIMIT: z13.coerce.number().int().min(1).max(1e5).default(60),
  /**
   * The built web app; `current` is a symlink that a later build swaps. Resolved once here, so
   * this process keeps serving the build it started with (its index.html names those chunks).
   */
  WEB_DIST: z13.string().min(1).default(path3.join(repoRoot, "apps/web/builds/current")).transform((dir) => fs4.existsSync(dir) ? fs4.realpathSync(dir) : dir),
  /** Image downloads a minute per address. */
  QR_DOWNLOAD_RATE_LIMIT: z13.coerce.number().int().min(1).max(1e5).default(30),
  /** Images rendered at once; more wait in the queue (RENDER_QUEUE), beyond that 503. */
  RENDER_CONCURRENCY: z13.coerce.number().int().min(1).max(64).default(2),
  RENDER_QUEUE: z13.coerce.number().int().min(0).max(1e4).default(16),
  REGISTER_URL: z13.string().default("/auth/qrqrid/signup"),
  QR_CHANNEL_REGISTER_URL: z13.string().default("/qrchannel/register/"),
  DATAPORTAL_URL: z13.string().default("/dataportalinfo?source=welcomepage"),
  // Terms, news and about are built-in pages; the other footer links appear only when configured,
  // so no link leads to a page that is not what it says (an empty value also means unset).
  FOOTER_COMPANY_URL: optionalUrl,
  FOOTER_TERMS_URL: z13.string().default("/service/terms/"),
  FOOTER_PRIVACY_URL: optionalUrl,
  FOOTER_NEWS_URL: z13.string().default("/service/news/"),
  FOOTER_FAQ_URL: optionalUrl,
  FOOTER_ABOUT_URL: z13.string().default("/service/about/"),
  FOOTER_INQUIRY_URL: optionalUrl,
  FOOTER_BLOG_URL: optionalUrl
});
var ConfigError = class extends Error {
  constructor(problems) {
    super(`Invalid configuration:
${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.problems = problems;
  }
  problems;
};
function loadConfig(env = process.env) {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== void 0 && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? "");
        return `${name}=${JSON.stringify(env[name] ?? "")}: ${i.message}`;
      })
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    ...e,
    publicUrl,
    production: e.NODE_ENV === "production",
    sqliteFile: path3.join(e.DATA_DIR, "qrqr.sqlite"),
    secureCookies: publicUrl.startsWith("https://"),
    behindProxy: e.TRUST_PROXY !== false
  };
}

// apps/server/src/db/client.ts
import fs5 from "node:fs";
import path4 from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
function createDb(config2) {
  if (config2.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: config2.DATABASE_URL,
      max: 10,
      ...config2.DATABASE_SCHEMA ? { options: `-c search_path=${config2.DATABASE_SCHEMA}` } : {}
    });
    const kysely2 = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { kysely: kysely2, dialect: "postgres", schema: config2.DATABASE_SCHEMA, close: () => kysely2.destroy() };
  }
  fs5.mkdirSync(path4.dirname(config2.sqliteFile), { recursive: true });
  const sqlite = new SQLite(config2.sqliteFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", sqlite, close: () => kysely.destroy() };
}

// apps/server/src/db/migrate.ts
import { Migrator, sql as sql6 } from "kysely";

// apps/server/src/db/migrations/0001-accounts.ts
var accounts_exports = {};
__export(accounts_exports, {
  down: () => down,
  up: () => up
});
async function up(db2) {
  const t = dialectSql(dialectOf(db2));
  await db2.schema.createTable("app_settings").addColumn("key", "varchar(64)", (c) => c.primaryKey()).addColumn("value", "text", (c) => c.notNull()).execute();
  await db2.schema.createTable("users").addColumn("id", "varchar(32)", (c) => c.primaryKey()).addColumn("email", "varchar(254)", (c) => c.notNull().unique()).addColumn("status", "varchar(16)", (c) => c.notNull()).addColumn("user_name", "varchar(255)", (c) => c.notNull().defaultTo("")).addColumn("company_name", "varchar(255)", (c) => c.notNull().defaultTo("")).addColumn("password_hash", "text").addColumn("locale", "varchar(8)", (c) => c.notNull().defaultTo("ja")).addColumn("carry_over_key", "varchar(128)").addColumn("channel_service_registered", "integer", (c) => c.notNull().defaultTo(0)).addColumn("created_at", t.bigint, (c) => c.notNull()).addColumn("updated_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createTable("sessions").addColumn("id", "varchar(64)", (c) => c.primaryKey()).addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("created_at", t.bigint, (c) => c.notNull()).addColumn("expires_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db2.schema.createTable("confirmations").addColumn("id", t.serial, t.serialKey).addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("purpose", "varchar(32)", (c) => c.notNull()).addColumn("code_hash", "varchar(64)", (c) => c.notNull()).addColumn("new_email", "varchar(254)").addColumn("expires_at", t.bigint, (c) => c.notNull()).addColumn("used_at", t.bigint).addColumn("created_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createIndex("confirmations_user_purpose").on("confirmations").columns(["user_id", "purpose"]).execute();
  await db2.schema.createTable("mail_outbox").addColumn("id", t.serial, t.serialKey).addColumn("to_address", "varchar(254)", (c) => c.notNull()).addColumn("subject", "text", (c) => c.notNull()).addColumn("text_body", "text", (c) => c.notNull()).addColumn("created_at", t.bigint, (c) => c.notNull()).execute();
}
async function down(db2) {
  for (const table of ["mail_outbox", "confirmations", "sessions", "users", "app_settings"]) {
    await db2.schema.dropTable(table).execute();
  }
}

// apps/server/src/db/migrations/0002-qrcodes.ts
var qrcodes_exports = {};
__export(qrcodes_exports, {
  down: () => down2,
  up: () => up2
});
async function up2(db2) {
  const t = dialectSql(dialectOf(db2));
  await db2.schema.createTable("qr_codes").addColumn("id", "varchar(32)", (c) => c.primaryKey()).addColumn("user_id", "varchar(32)", (c) => c.references("users.id").onDelete("cascade")).addColumn("guest_key_hash", "varchar(64)").addColumn("tab", "integer", (c) => c.notNull()).addColumn("type", "integer", (c) => c.notNull()).addColumn("title", "varchar(255)", (c) => c.notNull().defaultTo("")).addColumn("title_folded", "text", (c) => c.notNull().defaultTo("")).addColumn("content", "text", (c) => c.notNull()).addColumn("payload", "text", (c) => c.notNull()).addColumn("analysis_type", "integer", (c) => c.notNull()).addColumn("short_code", "varchar(16)", (c) => c.unique()).addColumn("secret_token", "varchar(64)", (c) => c.unique()).addColumn("wifi_name", "varchar(255)").addColumn("wifi_ssid", "varchar(64)").addColumn("wifi_password", "varchar(255)").addColumn("wifi_encryption", "varchar(8)").addColumn("wifi_hidden", "integer").addColumn("wifi_expire_hours", "integer").addColumn("version", "integer", (c) => c.notNull()).addColumn("read_count", t.bigint, (c) => c.notNull().defaultTo(0)).addColumn("created_at", t.bigint, (c) => c.notNull()).addColumn("updated_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createIndex("qr_codes_user_created").on("qr_codes").columns(["user_id", "created_at"]).execute();
  await db2.schema.createIndex("qr_codes_guest_created").on("qr_codes").columns(["guest_key_hash", "created_at"]).execute();
  await db2.schema.createTable("qr_reads").addColumn("id", t.serial, t.serialKey).addColumn("qr_id", "varchar(32)", (c) => c.notNull().references("qr_codes.id").onDelete("cascade")).addColumn("read_at", t.bigint, (c) => c.notNull()).addColumn("source", "integer", (c) => c.notNull()).addColumn("visitor_hash", "varchar(32)").addColumn("country", "varchar(2)").addColumn("os", "varchar(8)").execute();
  await db2.schema.createIndex("qr_reads_qr_read_at").on("qr_reads").columns(["qr_id", "read_at"]).execute();
  await db2.schema.createTable("read_salts").addColumn("day", "varchar(10)", (c) => c.primaryKey()).addColumn("salt", "varchar(64)", (c) => c.notNull()).addColumn("created_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createTable("news_items").addColumn("id", t.serial, t.serialKey).addColumn("title_ja", "varchar(255)", (c) => c.notNull()).addColumn("body_ja", "text", (c) => c.notNull()).addColumn("title_en", "varchar(255)").addColumn("body_en", "text").addColumn("published_at", t.bigint, (c) => c.notNull()).addColumn("created_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createIndex("news_items_published").on("news_items").column("published_at").execute();
}
async function down2(db2) {
  for (const table of ["news_items", "read_salts", "qr_reads", "qr_codes"]) {
    await db2.schema.dropTable(table).execute();
  }
}

// apps/server/src/db/migrations/0003-sign-in-locks.ts
var sign_in_locks_exports = {};
__export(sign_in_locks_exports, {
  down: () => down3,
  up: () => up3
});
async function up3(db2) {
  const t = dialectSql(dialectOf(db2));
  await db2.schema.createTable("sign_in_locks").addColumn("email_hash", "varchar(64)", (c) => c.primaryKey()).addColumn("failures", "integer", (c) => c.notNull()).addColumn("locks", "integer", (c) => c.notNull()).addColumn("locked_until", t.bigint, (c) => c.notNull()).addColumn("updated_at", t.bigint, (c) => c.notNull()).execute();
}
async function down3(db2) {
  await db2.schema.dropTable("sign_in_locks").execute();
}

// apps/server/src/db/migrations/0004-channels.ts
var channels_exports = {};
__export(channels_exports, {
  down: () => down4,
  up: () => up4
});

// apps/server/src/db/migrations/industries-seed.ts
var INDUSTRIES = [
  {
    id: 1,
    ja: "\u98F2\u98DF\u5E97",
    en: "Restaurants",
    subs: [
      [101, "\u548C\u98DF", "Japanese cuisine"],
      [102, "\u6D0B\u98DF", "Western cuisine"],
      [103, "\u4E2D\u83EF", "Chinese cuisine"],
      [104, "\u30AB\u30D5\u30A7\u30FB\u55AB\u8336", "Caf\xE9s and coffee shops"],
      [105, "\u5C45\u9152\u5C4B\u30FB\u30D0\u30FC", "Izakaya and bars"],
      [106, "\u30E9\u30FC\u30E1\u30F3", "Ramen"],
      [107, "\u713C\u8089\u30FB\u97D3\u56FD\u6599\u7406", "Yakiniku and Korean"],
      [108, "\u30D1\u30F3\u30FB\u30B9\u30A4\u30FC\u30C4", "Bakeries and sweets"],
      [109, "\u30D5\u30A1\u30B9\u30C8\u30D5\u30FC\u30C9\u30FB\u30C6\u30A4\u30AF\u30A2\u30A6\u30C8", "Fast food and takeaway"],
      [199, "\u305D\u306E\u4ED6\u98F2\u98DF", "Other food and drink"]
    ]
  },
  {
    id: 2,
    ja: "\u5C0F\u58F2",
    en: "Retail",
    subs: [
      [201, "\u30D5\u30A1\u30C3\u30B7\u30E7\u30F3\u30FB\u670D\u98FE", "Fashion and apparel"],
      [202, "\u98DF\u54C1\u30FB\u30B9\u30FC\u30D1\u30FC", "Food and supermarkets"],
      [203, "\u30B3\u30F3\u30D3\u30CB\u30A8\u30F3\u30B9\u30B9\u30C8\u30A2", "Convenience stores"],
      [204, "\u96D1\u8CA8\u30FB\u30A4\u30F3\u30C6\u30EA\u30A2", "Goods and interior"],
      [205, "\u5BB6\u96FB\u30FB\u30D1\u30BD\u30B3\u30F3", "Electronics and computers"],
      [206, "\u30C9\u30E9\u30C3\u30B0\u30B9\u30C8\u30A2", "Drugstores"],
      [207, "\u66F8\u7C4D\u30FB\u6587\u5177", "Books and stationery"],
      [208, "\u30B9\u30DD\u30FC\u30C4\u30FB\u30A2\u30A6\u30C8\u30C9\u30A2", "Sports and outdoor"],
      [299, "\u305D\u306E\u4ED6\u5C0F\u58F2", "Other retail"]
    ]
  },
  {
    id: 3,
    ja: "\u7F8E\u5BB9\u30FB\u5065\u5EB7",
    en: "Beauty and wellness",
    subs: [
      [301, "\u7F8E\u5BB9\u5BA4\u30FB\u7406\u5BB9\u5BA4", "Hair salons and barbers"],
      [302, "\u30CD\u30A4\u30EB\u30FB\u307E\u3064\u3052", "Nails and lashes"],
      [303, "\u30A8\u30B9\u30C6\u30FB\u30EA\u30E9\u30AF\u30BC\u30FC\u30B7\u30E7\u30F3", "Beauty treatments and relaxation"],
      [304, "\u30D5\u30A3\u30C3\u30C8\u30CD\u30B9\u30FB\u30E8\u30AC", "Fitness and yoga"],
      [305, "\u6574\u4F53\u30FB\u937C\u7078", "Chiropractic and acupuncture"],
      [399, "\u305D\u306E\u4ED6\u7F8E\u5BB9\u30FB\u5065\u5EB7", "Other beauty and wellness"]
    ]
  },
  {
    id: 4,
    ja: "\u5BBF\u6CCA",
    en: "Accommodation",
    subs: [
      [401, "\u30DB\u30C6\u30EB", "Hotels"],
      [402, "\u65C5\u9928", "Ryokan"],
      [403, "\u6C11\u5BBF\u30FB\u30DA\u30F3\u30B7\u30E7\u30F3", "Guesthouses and pensions"],
      [404, "\u30B2\u30B9\u30C8\u30CF\u30A6\u30B9\u30FB\u30DB\u30B9\u30C6\u30EB", "Hostels"],
      [499, "\u305D\u306E\u4ED6\u5BBF\u6CCA", "Other accommodation"]
    ]
  },
  {
    id: 5,
    ja: "\u6559\u80B2",
    en: "Education",
    subs: [
      [501, "\u5B66\u7FD2\u587E\u30FB\u4E88\u5099\u6821", "Cram schools"],
      [502, "\u8A9E\u5B66\u6559\u5BA4", "Language schools"],
      [503, "\u7FD2\u3044\u4E8B\u30FB\u97F3\u697D\u6559\u5BA4", "Lessons and music schools"],
      [504, "\u5B66\u6821", "Schools"],
      [599, "\u305D\u306E\u4ED6\u6559\u80B2", "Other education"]
    ]
  },
  {
    id: 6,
    ja: "\u533B\u7642\u30FB\u798F\u7949",
    en: "Medical and welfare",
    subs: [
      [601, "\u75C5\u9662\u30FB\u30AF\u30EA\u30CB\u30C3\u30AF", "Hospitals and clinics"],
      [602, "\u6B6F\u79D1", "Dentists"],
      [603, "\u85AC\u5C40", "Pharmacies"],
      [604, "\u4ECB\u8B77\u30FB\u798F\u7949\u65BD\u8A2D", "Care and welfare facilities"],
      [605, "\u52D5\u7269\u75C5\u9662", "Veterinary clinics"],
      [699, "\u305D\u306E\u4ED6\u533B\u7642\u30FB\u798F\u7949", "Other medical and welfare"]
    ]
  },
  {
    id: 7,
    ja: "\u4E0D\u52D5\u7523",
    en: "Real estate",
    subs: [
      [701, "\u58F2\u8CB7\u4EF2\u4ECB", "Sales brokerage"],
      [702, "\u8CC3\u8CB8\u4EF2\u4ECB\u30FB\u7BA1\u7406", "Rentals and management"],
      [703, "\u4F4F\u5B85\u30FB\u30EA\u30D5\u30A9\u30FC\u30E0", "Housing and renovation"],
      [799, "\u305D\u306E\u4ED6\u4E0D\u52D5\u7523", "Other real estate"]
    ]
  },
  {
    id: 8,
    ja: "\u89B3\u5149\u30FB\u30EC\u30B8\u30E3\u30FC",
    en: "Tourism and leisure",
    subs: [
      [801, "\u89B3\u5149\u65BD\u8A2D\u30FB\u540D\u6240", "Sights and attractions"],
      [802, "\u30C6\u30FC\u30DE\u30D1\u30FC\u30AF\u30FB\u904A\u5712\u5730", "Theme parks"],
      [803, "\u6E29\u6CC9\u30FB\u92AD\u6E6F", "Hot springs and bathhouses"],
      [804, "\u30AB\u30E9\u30AA\u30B1\u30FB\u30A2\u30DF\u30E5\u30FC\u30BA\u30E1\u30F3\u30C8", "Karaoke and amusement"],
      [805, "\u65C5\u884C\u4EE3\u7406\u5E97", "Travel agencies"],
      [899, "\u305D\u306E\u4ED6\u89B3\u5149\u30FB\u30EC\u30B8\u30E3\u30FC", "Other tourism and leisure"]
    ]
  },
  {
    id: 9,
    ja: "\u81EA\u52D5\u8ECA",
    en: "Automotive",
    subs: [
      [901, "\u8CA9\u58F2", "Dealers"],
      [902, "\u6574\u5099\u30FB\u8ECA\u691C", "Repair and inspection"],
      [903, "\u30AC\u30BD\u30EA\u30F3\u30B9\u30BF\u30F3\u30C9", "Gas stations"],
      [904, "\u30EC\u30F3\u30BF\u30AB\u30FC\u30FB\u30AB\u30FC\u30B7\u30A7\u30A2", "Car rental and sharing"],
      [999, "\u305D\u306E\u4ED6\u81EA\u52D5\u8ECA", "Other automotive"]
    ]
  },
  {
    id: 10,
    ja: "\u5C02\u9580\u30B5\u30FC\u30D3\u30B9",
    en: "Professional services",
    subs: [
      [1001, "\u58EB\u696D\uFF08\u7A0E\u7406\u58EB\u30FB\u884C\u653F\u66F8\u58EB\u306A\u3069\uFF09", "Licensed professionals (tax, legal)"],
      [1002, "IT\u30FBWeb\u5236\u4F5C", "IT and web production"],
      [1003, "\u5199\u771F\u30FB\u30C7\u30B6\u30A4\u30F3", "Photography and design"],
      [1004, "\u30AF\u30EA\u30FC\u30CB\u30F3\u30B0", "Dry cleaning"],
      [1005, "\u51A0\u5A5A\u846C\u796D", "Weddings and funerals"],
      [1099, "\u305D\u306E\u4ED6\u5C02\u9580\u30B5\u30FC\u30D3\u30B9", "Other professional services"]
    ]
  },
  { id: 99, ja: "\u305D\u306E\u4ED6", en: "Other", subs: [[9901, "\u305D\u306E\u4ED6", "Other"]] }
];
function industryRows() {
  const parents = INDUSTRIES.map((p, i) => ({
    id: p.id,
    parent_id: null,
    name_ja: p.ja,
    name_en: p.en,
    sort_order: i + 1
  }));
  const subs = INDUSTRIES.flatMap(
    (p) => p.subs.map(([id, ja2, en2], i) => ({ id, parent_id: p.id, name_ja: ja2, name_en: en2, sort_order: i + 1 }))
  );
  return [...parents, ...subs];
}

// apps/server/src/db/migrations/0004-channels.ts
async function up4(db2) {
  const t = dialectSql(dialectOf(db2));
  await db2.schema.createTable("industries").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("parent_id", "integer", (c) => c.references("industries.id")).addColumn("name_ja", "varchar(64)", (c) => c.notNull()).addColumn("name_en", "varchar(64)", (c) => c.notNull()).addColumn("sort_order", "integer", (c) => c.notNull()).execute();
  await db2.insertInto("industries").values(industryRows()).execute();
  await db2.schema.createTable("channels").addColumn("id", t.serial, t.serialKey).addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("channel_code", "varchar(32)", (c) => c.notNull().unique()).addColumn("channel_name", "varchar(64)", (c) => c.notNull()).addColumn("channel_user_type", "integer", (c) => c.notNull()).addColumn("industory_id", "integer", (c) => c.references("industries.id")).addColumn("sub_industory_id", "integer", (c) => c.references("industries.id")).addColumn("description_short", "text", (c) => c.notNull().defaultTo("")).addColumn("description_long", "text", (c) => c.notNull().defaultTo("")).addColumn("address", "text", (c) => c.notNull().defaultTo("")).addColumn("description_route", "text", (c) => c.notNull().defaultTo("")).addColumn("latitude", "double precision").addColumn("longitude", "double precision").addColumn("relation_links", "text", (c) => c.notNull().defaultTo("[]")).addColumn("is_official", "integer", (c) => c.notNull().defaultTo(0)).addColumn("created_at", t.bigint, (c) => c.notNull()).addColumn("updated_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createIndex("channels_user_created").on("channels").columns(["user_id", "created_at"]).execute();
}
async function down4(db2) {
  await db2.schema.dropTable("channels").execute();
  await db2.schema.dropTable("industries").execute();
}

// apps/server/src/db/migrations/0005-followers-tags.ts
var followers_tags_exports = {};
__export(followers_tags_exports, {
  down: () => down5,
  up: () => up5
});
async function up5(db2) {
  const t = dialectSql(dialectOf(db2));
  await db2.schema.createTable("tags").addColumn("id", t.serial, t.serialKey).addColumn("channel_id", t.bigint, (c) => c.notNull().references("channels.id").onDelete("cascade")).addColumn("tag_name", "varchar(64)", (c) => c.notNull()).addColumn("created_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createIndex("tags_channel_name").on("tags").columns(["channel_id", "tag_name"]).unique().execute();
  await db2.schema.createTable("followers").addColumn("id", t.serial, t.serialKey).addColumn("channel_id", t.bigint, (c) => c.notNull().references("channels.id").onDelete("cascade")).addColumn("device_hash", "varchar(64)", (c) => c.notNull()).addColumn("followed_at", t.bigint, (c) => c.notNull()).execute();
  await db2.schema.createIndex("followers_channel_device").on("followers").columns(["channel_id", "device_hash"]).unique().execute();
  await db2.schema.createTable("follower_tags").addColumn("follower_id", t.bigint, (c) => c.notNull().references("followers.id").onDelete("cascade")).addColumn("tag_id", t.bigint, (c) => c.notNull().references("tags.id").onDelete("cascade")).addColumn("channel_id", t.bigint, (c) => c.notNull().references("channels.id").onDelete("cascade")).addPrimaryKeyConstraint("follower_tags_pk", ["follower_id", "tag_id"]).execute();
  await db2.schema.createIndex("follower_tags_tag").on("follower_tags").columns(["tag_id", "follower_id"]).execute();
}
async function down5(db2) {
  await db2.schema.dropTable("follower_tags").execute();
  await db2.schema.dropTable("followers").execute();
  await db2.schema.dropTable("tags").execute();
}

// apps/server/src/db/migrations/0006-read-rollups.ts
var read_rollups_exports = {};
__export(read_rollups_exports, {
  down: () => down6,
  up: () => up6
});
import { sql as sql5 } from "kysely";
async function up6(db2) {
  const dialect = dialectOf(db2);
  const t = dialectSql(dialect);
  const clustered = dialect === "sqlite" ? sql5`without rowid` : sql5``;
  await db2.schema.createTable("read_days").addColumn("qr_id", "varchar(32)", (c) => c.notNull().references("qr_codes.id").onDelete("cascade")).addColumn("day", "varchar(10)", (c) => c.notNull()).addColumn("official", "integer", (c) => c.notNull().defaultTo(0)).addColumn("other", "integer", (c) => c.notNull().defaultTo(0)).addColumn("uniques_official", "integer", (c) => c.notNull().defaultTo(0)).addColumn("uniques_other", "integer", (c) => c.notNull().defaultTo(0)).addPrimaryKeyConstraint("read_days_pk", ["qr_id", "day"]).modifyEnd(clustered).execute();
  await db2.schema.createTable("read_dims").addColumn("qr_id", "varchar(32)", (c) => c.notNull().references("qr_codes.id").onDelete("cascade")).addColumn("day", "varchar(10)", (c) => c.notNull()).addColumn("dim", "varchar(1)", (c) => c.notNull()).addColumn("value", "varchar(8)", (c) => c.notNull()).addColumn("official", "integer", (c) => c.notNull().defaultTo(0)).addColumn("other", "integer", (c) => c.notNull().defaultTo(0)).addPrimaryKeyConstraint("read_dims_pk", ["qr_id", "dim", "value", "day"]).modifyEnd(clustered).execute();
  await db2.schema.createTable("read_visitors").addColumn("qr_id", "varchar(32)", (c) => c.notNull().references("qr_codes.id").onDelete("cascade")).addColumn("day", "varchar(10)", (c) => c.notNull()).addColumn("visitor", "varchar(64)", (c) => c.notNull()).addColumn("source", "integer", (c) => c.notNull()).addColumn("created_at", t.bigint, (c) => c.notNull()).addPrimaryKeyConstraint("read_visitors_pk", ["qr_id", "day", "visitor"]).modifyEnd(clustered).execute();
  await db2.schema.createIndex("read_visitors_created").on("read_visitors").column("created_at").execute();
}
async function down6(db2) {
  await db2.schema.dropTable("read_visitors").execute();
  await db2.schema.dropTable("read_dims").execute();
  await db2.schema.dropTable("read_days").execute();
}

// apps/server/src/db/migrate.ts
var migrations = {
  "0001-accounts": accounts_exports,
  "0002-qrcodes": qrcodes_exports,
  "0003-sign-in-locks": sign_in_locks_exports,
  "0004-channels": channels_exports,
  "0005-followers-tags": followers_tags_exports,
  "0006-read-rollups": read_rollups_exports
};
var provider = { getMigrations: async () => migrations };
async function migrateToLatest(db2) {
  const migrator = new Migrator({ db: db2.kysely, provider, migrationTableSchema: await migrationSchema(db2) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
async function migrationSchema(db2) {
  if (db2.dialect !== "postgres") return void 0;
  if (db2.schema) return db2.schema;
  const { rows } = await sql6`select current_schema() as schema`.execute(db2.kysely);
  return rows[0]?.schema ?? "public";
}

// apps/server/src/db/open-from-env.ts
async function openFromEnv() {
  let config2;
  try {
    config2 = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
  const db2 = createDb(config2);
  try {
    await migrateToLatest(db2);
  } catch (error) {
    await db2.close();
    throw error;
  }
  return { config: config2, db: db2 };
}

// apps/server/src/main.ts
var opened = await openFromEnv();
if (!opened) process.exit(1);
var { config, db } = opened;
var { app, ctx } = await buildApp({ config, db });
var HOUR = 36e5;
async function housekeeping() {
  try {
    await ctx.sessions.deleteExpired();
    await deleteOldConfirmations(db, Date.now() - 7 * 24 * HOUR);
    await deleteStalePendingUsers(db, Date.now() - 7 * 24 * HOUR);
    await deleteStaleSignInLocks(db, Date.now() - SIGN_IN_LOCK_MEMORY_MS);
    await deleteOldReadSalts(db, Date.now() - SALT_LIFETIME_MS);
  } catch (err) {
    app.log.error({ err }, "housekeeping failed");
  }
}
var timer = setInterval(housekeeping, HOUR);
timer.unref();
void housekeeping();
var stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  clearInterval(timer);
  await app.close();
  await db.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`QRQR is running at ${config.publicUrl} (database: ${db.dialect})`);
if (devMailboxEnabled(config) && !config.SMTP_URL) app.log.info(devMailboxHint(config));
