/*
 * test_core.c: SHA-256 against FIPS 180-4 vectors, the program's build ID,
 * exact number printing and strict parsing, UTF-8 checking, line walking,
 * bounded buffers, slugs.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../collector/source.h"
#include "../../core/buf.h"
#include "../../core/buildid.h"
#include "../../core/err.h"
#include "../../core/lines.h"
#include "../../core/quote.h"
#include "../../core/record.h"
#include "../../core/sha256.h"
#include "../../core/text.h"
#include "../../core/textrule.h"
#include "../../renderer/site/slug.h"
#include "tap.h"

static void test_sha256(void)
{
	char hex[65];
	char *million = malloc(1000000);
	struct sha256 s;
	unsigned char d[32];
	int i;

	sha256_hex("", 0, hex);
	CHECK_STR(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		  "sha256 of the empty string");
	sha256_hex("abc", 3, hex);
	CHECK_STR(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		  "sha256 of abc");
	sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
	CHECK_STR(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		  "sha256 of the 448-bit vector (padding into a second block)");
	memset(million, 'a', 1000000);
	sha256_hex(million, 1000000, hex);
	CHECK_STR(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
		  "sha256 of a million a");
	/* the same bytes fed in uneven pieces give the same digest */
	sha256_init(&s);
	for (i = 0; i < 1000000; i += 777)
		sha256_update(&s, million + i, 1000000 - i < 777 ? 1000000 - i : 777);
	sha256_final(&s, d);
	CHECK(d[0] == 0xcd && d[31] == 0xd0, "sha256 fed in 777-byte pieces");
	/* bytes that vary (every message-schedule path of the SHA-NI code
	 * that x86-64 CPUs with it take), digest from Python's hashlib */
	for (i = 0; i < 100003; i++)
		million[i] = (char)(((unsigned)i * (unsigned)i >> 3) & 255);
	sha256_hex(million, 100003, hex);
	CHECK_STR(hex, "68863bf32e6565a6975737389dbfa1374e576d0e0ad3c094a4ebda58b7c462d0",
		  "sha256 of 100003 varied bytes");
	free(million);
}

/* num_parse's fast path (core/text.c num_fast) must give strtod's double
 * bit for bit: 200,000 figures of 1 to 17 digits with the point anywhere,
 * signs, leading zeros, and the 15/16-digit edge where it hands over. */
static void test_num_exact(void)
{
	unsigned long long x = 88172645463325252ull;
	char s[40];
	long bad = 0, n = 0;
	double got_once;
	int i;

	for (i = 0; i < 200000; i++) {
		int nd, point, k = 0, j;
		double got, want;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		nd = 1 + (int)(x % 17);
		point = (int)((x >> 8) % (unsigned)(nd + 2)) - 1;
		if ((x >> 20) & 1)
			s[k++] = '-';
		for (j = 0; j < nd; j++) {
			if (j == point && j > 0)
				s[k++] = '.';
			s[k++] = (char)('0' + (x >> (24 + 2 * (j % 16))) % 10);
		}
		s[k] = '\0';
		if (num_parse(s, (size_t)k, &got))
			continue;
		n++;
		want = strtod(s, NULL);
		if (memcmp(&got, &want, sizeof(got)) != 0 && bad++ == 0)
			printf("# %s: %.17g, strtod %.17g\n", s, got, want);
	}
	CHECK(bad == 0 && n > 150000, "num_parse gives strtod's double bit for "
	      "bit (200,000 figures, the fast path and past it)");
	CHECK(num_parse("0.1", 3, &got_once) == 0 && got_once == 0.1 &&
	      num_parse("-0", 2, &got_once) == 0 && signbit(got_once),
	      "num_parse: 0.1 exactly, -0 keeps its sign as strtod does");
}

/* num_fixed against printf: the ties and near-ties of each precision,
 * negative values that round to zero, the bounds of the fast path, and a
 * million numbers from a fixed LCG over many magnitudes. */
static void test_num_fixed(void)
{
	static const double fixed[] = {
		0, -0.0, 0.005, 0.015, 0.025, 0.125, 0.375, 2.5, 3.5, -2.5,
		-0.001, -0.004999, 1.005, 12.345, 78.5, 229.4, 999.995,
		0.0005, 0.0015, 1e-300, 5e-324, -5e-324, 4503599627370495.5,
		4503599627370496.0, 9007199254740993.0, 1e20, -1e300, HUGE_VAL,
		-HUGE_VAL, NAN};
	uint64_t x = 12345;
	char want[32], got[32];	/* both cut a huge number at 31 bytes */
	int i, d, bad = 0, badlen = 0;

	for (d = 0; d <= 3; d++)
		for (i = 0; i < (int)(sizeof(fixed) / sizeof(fixed[0])); i++) {
			snprintf(want, sizeof(want), "%.*f", d, fixed[i]);
			if (num_fixed(fixed[i], d, got) != strlen(got))
				badlen++;
			if (strcmp(want, got) != 0 && bad++ < 3)
				printf("# num_fixed(%.17g, %d): %s, printf %s\n",
				       fixed[i], d, got, want);
		}
	for (i = 0; i < 1000000; i++) {
		double v;

		x = x * 6364136223846793005ull + 1442695040888963407ull;
		/* multiples of 1/1024 (ties: 0.25 to 1 decimal, 0.125 to
		 * 2), of 1/2000 (near ties), or any double from 1e-6 to
		 * 1e13 */
		if (i % 4 == 0)
			v = (double)(x >> 40) / 1024;
		else if (i % 4 == 1)
			v = (double)(x >> 40) / 2000;
		else
			v = ldexp((double)(x >> 11), (int)(x % 64) - 73);
		if (x >> 63)
			v = -v;
		d = (int)(x >> 20 & 3);
		snprintf(want, sizeof(want), "%.*f", d, v);
		if (num_fixed(v, d, got) != strlen(got))
			badlen++;
		if (strcmp(want, got) != 0 && bad++ < 3)
			printf("# num_fixed(%.17g, %d): %s, printf %s\n", v, d,
			       got, want);
	}
	CHECK(bad == 0, "num_fixed prints what printf's %.*f prints "
	      "(ties to even, -0.00, past 2^52, inf, nan)");
	CHECK(badlen == 0, "num_fixed returns the length of what it printed");
}

/* num_hundredths against printf of the integer parts, trailing zeros
 * cut: every value from -100,000 to 100,000 hundredths and a million
 * from a fixed LCG up to 2^62. */
static void test_num_hundredths(void)
{
	uint64_t x = 99;
	char want[48], got[32];
	long long q;
	int i, bad = 0;

	for (i = -200001; i < 1000000; i++) {
		unsigned long long u;
		size_t n;

		if (i < 0) {
			q = i + 100000;
		} else {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			q = (long long)(x >> (2 + x % 60));
			if (x & 1)
				q = -q;
		}
		u = q < 0 ? 0 - (unsigned long long)q : (unsigned long long)q;
		n = (size_t)snprintf(want, sizeof(want), "%s%llu.%02llu",
				     q < 0 ? "-" : "", u / 100, u % 100);
		while (want[n - 1] == '0')
			want[--n] = '\0';
		if (want[n - 1] == '.')
			want[--n] = '\0';
		if ((num_hundredths(q, got) != n || strcmp(got, want) != 0) &&
		    bad++ < 3)
			printf("# num_hundredths(%lld): %s, want %s\n", q, got,
			       want);
	}
	CHECK(bad == 0, "num_hundredths prints q/100 with its trailing zeros "
	      "cut (\"71\", \"269.3\", \"-0.05\"), and its length");
}

/* build_id finds the note readelf shows in this very program (linked with
 * --build-id=sha1 by the Makefile): 20 bytes, the same hex. */
static void test_build_id(void)
{
	const unsigned char *id = NULL;
	size_t n = build_id(&id), i;
	char hex[80] = "", line[256], want[80] = "";
	FILE *p;

	/* by pid: /proc/self/exe would be the shell that popen starts */
	snprintf(line, sizeof(line), "readelf -n /proc/%ld/exe 2>/dev/null",
		 (long)getpid());
	p = popen(line, "r");
	for (i = 0; i < n && i < 32; i++)
		snprintf(hex + 2 * i, sizeof(hex) - 2 * i, "%02x", id[i]);
	while (p && fgets(line, sizeof(line), p))
		if (strstr(line, "Build ID: "))
			sscanf(strstr(line, "Build ID: ") + 10, "%70s", want);
	if (p)
		pclose(p);
	CHECK(n == 20, "build_id: the Makefile's --build-id=sha1, 20 bytes");
	if (!want[0])
		printf("ok - # SKIP readelf shows no build ID\n");
	else
		CHECK_STR(hex, want, "build_id: the note readelf shows");
}

static void test_numbers(void)
{
	char out[32];
	double v;

	num_format(833, out);
	CHECK_STR(out, "833", "num_format prints whole numbers plainly");
	num_format(226000, out);
	CHECK_STR(out, "226000", "num_format keeps large whole numbers plain");
	num_format(2114000.5, out);
	CHECK_STR(out, "2114000.5", "num_format of 2114000.5");
	num_format(1e21, out);
	CHECK_STR(out, "1e+21", "num_format uses an exponent past 17 digits");
	num_format(0.1, out);
	CHECK_STR(out, "0.1", "num_format prints the shortest exact text");
	num_format(1.0 / 3, out);
	CHECK(strtod(out, NULL) == 1.0 / 3, "num_format of 1/3 reads back exactly");
	num_format(-0.0, out);
	CHECK_STR(out, "0", "num_format folds -0");
	/* the digits are found by bisection: a mean of 16 digits, one of 6,
	 * and the values no precision or every precision reads back as */
	num_format(1600.0 / 3, out);
	CHECK_STR(out, "533.3333333333334", "num_format of 1600/3: 16 digits");
	num_format(1733.93, out);
	CHECK_STR(out, "1733.93", "num_format of 1733.93: 6 digits");
	{	/* whole numbers take a shorter way; values from the memo */
		static const double whole[] = {1, -1, 7, 10, 100, 1000, -4096,
					       123456789012345.0,
					       -999999999999999.0,
					       999999999999999.0};
		char want[64];
		int i, same = 1;

		for (i = 0; i < (int)(sizeof(whole) / sizeof(whole[0])); i++) {
			snprintf(want, sizeof(want), "%.0f", whole[i]);
			num_format(whole[i], out);
			same &= strcmp(out, want) == 0;
		}
		num_format(1e15, out);	/* the bisection's, plainly too */
		same &= strcmp(out, "1000000000000000") == 0;
		CHECK(same, "num_format prints whole numbers as their digits, "
		      "below 1e15 and at it");
		num_format(1600.0 / 3, out);
		num_format(1600.0 / 3, out);
		CHECK_STR(out, "533.3333333333334", "num_format of 1600/3 "
			  "again (the memo's)");
	}
	num_format(HUGE_VAL, out);
	CHECK_STR(out, "inf", "num_format of infinity");
	num_format(NAN, out);
	CHECK(strstr(out, "nan") != NULL, "num_format of NaN says nan");
	CHECK(num_parse("12.5", 4, &v) == 0 && v == 12.5, "num_parse 12.5");
	CHECK(num_parse("-3e2", 4, &v) == 0 && v == -300, "num_parse -3e2");
	CHECK(num_parse("1e309", 5, &v) < 0, "num_parse refuses overflow");
	CHECK(num_parse("nan", 3, &v) < 0, "num_parse refuses nan");
	CHECK(num_parse("inf", 3, &v) < 0, "num_parse refuses inf");
	CHECK(num_parse("0x10", 4, &v) < 0, "num_parse refuses hex");
	CHECK(num_parse(" 1", 2, &v) < 0, "num_parse refuses spaces");
	CHECK(num_parse(".", 1, &v) < 0, "num_parse refuses a lone dot");
	CHECK(num_parse_plain("96.3", 4, &v) == 0 && v == 96.3,
	      "num_parse_plain 96.3");
	CHECK(num_parse_plain("-5", 2, &v) < 0, "num_parse_plain refuses a sign");
	{
		size_t used = 0;

		CHECK(num_lead_plain("12.5 ms", 7, &v, &used) == 0 && v == 12.5 &&
		      used == 4, "num_lead_plain reads 12.5 before ' ms'");
		CHECK(num_lead_plain("1.2.3", 5, &v, &used) < 0 &&
		      num_lead_plain("12.", 3, &v, &used) < 0 &&
		      num_lead_plain("x1", 2, &v, &used) < 0,
		      "num_lead_plain refuses 1.2.3, 12. and x1 whole");
		CHECK(num_ends("", 0) && num_ends(",", 1) && num_ends(" s", 2) &&
		      num_ends(")", 1) && num_ends("/", 1) && num_ends("]", 1),
		      "num_ends at the end, a comma, a blank, ) / ]");
		CHECK(!num_ends("abc", 3) && !num_ends("e3", 2) &&
		      !num_ends("-8", 2) && !num_ends("\xc2\xb5s", 3) &&
		      !num_ends("_0", 2) && !num_ends(".5", 2),
		      "num_ends not before a letter, e3, -, UTF-8, _ or .");
	}
	CHECK(record_figure_ok(0) && record_figure_ok(1e75) &&
	      record_figure_ok(-1e75) && record_figure_ok(1e-75) &&
	      record_figure_ok(-2.5), "record_figure_ok: 0 and the bounds");
	CHECK(!record_figure_ok(1.7976931348623157e308) &&
	      !record_figure_ok(5e-324) && !record_figure_ok(-1e76) &&
	      !record_figure_ok(NAN) && !record_figure_ok(INFINITY),
	      "record_figure_ok refuses what the statistics cannot carry");
	CHECK(num_parse_plain("5.", 2, &v) < 0, "num_parse_plain refuses '5.'");
	test_num_exact();
	test_num_fixed();
	test_num_hundredths();
	CHECK(num_decimals("8327.52", 7) == 2 && num_decimals("925", 3) == 0 &&
	      num_decimals("60.0034s", 8) == 4 && num_decimals("x", 1) == 0,
	      "num_decimals: 2, 0, 4 (unit cut), 0");
	CHECK(num_sig_digits("60.0034s", 8) == 6 &&
	      num_sig_digits("0.0050", 6) == 2 && num_sig_digits("0", 1) == 1 &&
	      num_sig_digits("305.98Mb", 8) == 5 &&
	      num_sig_digits("19583", 5) == 5 && num_sig_digits("", 0) == 0,
	      "num_sig_digits: 6, 2, 1, 5, 5, 0");
	v = num_round_decimals(8327.52 + 925.28, 2);
	num_format(v, out);
	CHECK(8327.52 + 925.28 != 9252.8 && strcmp(out, "9252.8") == 0,
	      "num_round_decimals: 8327.52 + 925.28 prints 9252.8 (the plain "
	      "sum does not)");
	num_format(105556.66 + 15079.52, out);
	CHECK_STR(out, "120636.18000000001", "the plain sum of two rates of "
		  "the sysbench 0.5 corpus carries float noise");
	num_format(num_round_decimals(105556.66 + 15079.52, 2), out);
	CHECK_STR(out, "120636.18", "num_round_decimals: 120636.18");
	num_format(num_round_sig(19583 / 300.0449, 7), out);
	CHECK_STR(out, "65.2669", "num_round_sig: a count over 300.0449 s "
		  "keeps 7 digits (65.26690)");
	num_format(num_round_sig(1000 / 2.001, 4), out);
	CHECK_STR(out, "499.8", "num_round_sig: 4 digits");
	num_format(num_round_sig(123456, 2), out);
	CHECK_STR(out, "120000", "num_round_sig: a whole number to 2 digits");
	CHECK(num_round_sig(1e300, 3) == 1e300 && num_round_decimals(-0.125, 2)
	      == -0.12, "num_round_*: huge values kept, halves to even as "
	      "printf rounds");
}

static void test_utf8(void)
{
	size_t bad;

	CHECK(utf8_check("h\xc3\xa9", 3, &bad) == 0, "utf8: e acute is valid");
	CHECK(utf8_check("\xf0\x9f\x98\x80", 4, &bad) == 0, "utf8: emoji is valid");
	CHECK(utf8_check("ab\xff", 3, &bad) < 0 && bad == 2, "utf8: 0xff at 2");
	CHECK(utf8_check("\xc0\xaf", 2, &bad) < 0, "utf8: overlong refused");
	CHECK(utf8_check("\xed\xa0\x80", 3, &bad) < 0, "utf8: surrogate refused");
	CHECK(utf8_check("a\xe2\x82", 3, &bad) < 0 && bad == 1,
	      "utf8: truncated sequence refused");
	CHECK(utf8_check("a\0b", 3, &bad) < 0 && bad == 1, "utf8: NUL refused");
	CHECK(utf8_fit("abc", 3, 4) == 3, "utf8_fit: all when it fits");
	CHECK(utf8_fit("abc", 3, 3) == 2, "utf8_fit: ASCII cut at cap - 1");
	CHECK(utf8_fit("a\xc3\xa9", 3, 3) == 1,
	      "utf8_fit: not inside e acute");
	CHECK(utf8_fit("\xf0\x9f\x98\x80x", 5, 4) == 0,
	      "utf8_fit: not inside an emoji at the start");
	CHECK(utf8_fit("ab\xf0\x9f\x98\x80", 6, 6) == 2,
	      "utf8_fit: a whole emoji that does not fit is left out");
	CHECK(utf8_fit("ab\xf0\x9f\x98\x80" "c", 7, 7) == 6,
	      "utf8_fit: a whole emoji that fits is kept");
}

/* textrule_name: a name not in NFC is composed, not refused; a refused
 * character is still refused, named even after a decomposed one. */
static void test_textrule_name(void)
{
	char *nfc = NULL;
	size_t at = 0;
	long cp = 0;

	CHECK(textrule_name("ext4", &nfc, NULL, NULL) == 0 && !nfc,
	      "textrule_name: ASCII kept as it is");
	CHECK(textrule_name("cafe\xcc\x81 x", &nfc, NULL, NULL) == 0 && nfc &&
	      strcmp(nfc, "caf\xc3\xa9 x") == 0,
	      "textrule_name: e + U+0301 composed to U+00E9");
	free(nfc);
	nfc = NULL;
	/* U+212B (Angstrom sign) is U+00C5 in NFC; marks put in order */
	CHECK(textrule_name("\xe2\x84\xab q\xcc\x81\xcc\xa3", &nfc, NULL,
			    NULL) == 0 && nfc &&
	      strcmp(nfc, "\xc3\x85 q\xcc\xa3\xcc\x81") == 0,
	      "textrule_name: U+212B and marks out of order composed");
	free(nfc);
	nfc = NULL;
	CHECK(textrule_name("e\xcc\x81xt4\xe2\x80\x8b", &nfc, &at, &cp) == -1 &&
	      !nfc && at == 6 && cp == 0x200b,
	      "textrule_name: U+200B after a decomposed e is refused, named");
}

/* The text rule (core/textrule.h): every class it refuses, by an
 * example, and what stays. */
static void test_textrule(void)
{
	static const struct {
		const char *s;
		long cp;
		const char *what;
	} refused[] = {
		{"L\xef\xbf\xbeX", 0xfffe, "U+FFFE"},
		{"L\xef\xbf\xbf", 0xffff, "U+FFFF"},
		{"\xef\xb7\x90", 0xfdd0, "U+FDD0"},
		{"a\xf4\x8f\xbf\xbf", 0x10ffff, "U+10FFFF"},
		{"a\x1b]0;x\x07", 0x1b, "ESC"},
		{"a\nb", 0x0a, "line feed"},
		{"\x7f", 0x7f, "DEL"},
		{"\xc2\x9b", 0x9b, "C1 CSI"},
		{"ab\xe2\x80\xae" "c", 0x202e, "U+202E"},
		{"\xe2\x81\xa6", 0x2066, "U+2066"},
		{"\xe2\x80\x8f", 0x200f, "U+200F"},
		{"\xd8\x9c", 0x061c, "U+061C"},
		{"a\xed\xa0\x80" "b", TEXTRULE_BAD_UTF8, "a lone surrogate"},
		{"a\xff" "b", TEXTRULE_BAD_UTF8, "a byte that is not UTF-8"},
	};
	char out[16], msg[96], d[64];
	size_t i, at;
	long cp;

	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		snprintf(msg, sizeof(msg), "textrule: refuses %s",
			 refused[i].what);
		CHECK(textrule_check(refused[i].s, strlen(refused[i].s), &at,
				     &cp) == -1 && cp == refused[i].cp, msg);
	}
	CHECK(textrule_check("a\0b", 3, &at, &cp) == -1 && at == 1 && cp == 0,
	      "textrule: refuses NUL, at its offset");
	CHECK(textrule_check("caf\xc3\xa9\tx \xe2\x80\x94 \xf0\x9f\x98\x80",
			     16, NULL, NULL) == 0,
	      "textrule: allows tab, accents, dashes and emoji");
	CHECK(textrule_clean("L\xef\xbf\xbeX", 5, out, sizeof(out)) == 1 &&
	      strcmp(out, "L\xef\xbf\xbdX") == 0,
	      "textrule_clean: U+FFFE becomes U+FFFD");
	CHECK(textrule_clean("a\x1b[2Jb\xff", 7, out, sizeof(out)) == 2 &&
	      strcmp(out, "a\xef\xbf\xbd[2Jb\xef\xbf\xbd") == 0,
	      "textrule_clean: ESC and a bad byte become U+FFFD");
	CHECK(textrule_clean("ab\x1b", 3, out, 4) == 0 && strcmp(out, "ab") == 0,
	      "textrule_clean: a replacement that does not fit is left out");
	CHECK(textrule_check_str("plain name", NULL, NULL) == 0 &&
	      textrule_check_str("ab\x1b" "c", &at, &cp) == -1 && at == 2 &&
	      cp == 0x1b && textrule_check_str("\xc3\xa9\xef\xbf\xbe", &at,
						 &cp) == -1 && at == 2 &&
	      cp == 0xfffe,
	      "textrule_check_str: the same rule up to the NUL, offsets kept");
	textrule_describe(0x1b, d);
	CHECK_STR(d, "U+001B, a control character", "textrule_describe: ESC");
	textrule_describe(0x202e, d);
	CHECK_STR(d, "U+202E, a bidirectional control",
		  "textrule_describe: U+202E");
	CHECK(textrule_check_str("ext4\xe2\x80\x8b", &at, &cp) == -1 &&
	      at == 4 && cp == 0x200b &&
	      textrule_check_str("\xef\xbb\xbf" "x", &at, &cp) == -1 &&
	      at == 0 && cp == 0xfeff,
	      "textrule: refuses U+200B and U+FEFF, where they are");
	textrule_describe(0x200b, d);
	CHECK_STR(d, "U+200B, an invisible format character",
		  "textrule_describe: U+200B");
	CHECK(textrule_check_str("cafe\xcc\x81", &at, &cp) == -1 && at == 4 &&
	      cp == (0x301 | TEXTRULE_NOT_NFC) &&
	      textrule_check_str("caf\xc3\xa9", NULL, NULL) == 0,
	      "textrule: refuses e + U+0301 (not NFC), allows U+00E9");
	CHECK(textrule_clean("cafe\xcc\x81!", 7, out, sizeof(out)) == 1 &&
	      strcmp(out, "caf\xc3\xa9!") == 0,
	      "textrule_clean: decomposed text comes out composed");
	test_textrule_name();
}

static void test_quote_arg(void)
{
	char q[QUOTE_ARG_SIZE], long_arg[1000];

	CHECK_STR(quote_arg("plain-arg", q), "plain-arg",
		  "quote_arg: plain text as it is");
	CHECK_STR(quote_arg("a\x1b[2J\x07\xc2\x9b\xff\xe2\x80\xae" "b", q),
		  "a\\x1B[2J\\x07\\u{009B}\\xFF\\u{202E}b",
		  "quote_arg: controls, C1, a bad byte and U+202E as escapes");
	memset(long_arg, 'a', sizeof(long_arg) - 1);
	long_arg[sizeof(long_arg) - 1] = '\0';
	quote_arg(long_arg, q);
	CHECK(strlen(q) == QUOTE_ARG_MAX + 3 &&
	      strcmp(q + QUOTE_ARG_MAX, "...") == 0,
	      "quote_arg: a long argument cut, with ...");
	memset(long_arg, 0, sizeof(long_arg));
	memset(long_arg, '\x1b', 500);
	quote_arg(long_arg, q);
	CHECK(strlen(q) < QUOTE_ARG_SIZE && strstr(q, "...") &&
	      !strchr(q, '\x1b'),
	      "quote_arg: 500 ESCs fit the buffer, escaped and cut");
}

static void test_lines(void)
{
	static const char text[] = "\xef\xbb\xbf" "one\r\ntwo\n\nfour";
	struct lines l;
	const char *s;
	size_t n;
	struct err e;

	lines_init(&l, text, sizeof(text) - 1);
	CHECK(lines_next(&l, &s, &n) && n == 3 && memcmp(s, "one", 3) == 0,
	      "lines: BOM skipped, CR of CRLF dropped");
	CHECK(lines_next(&l, &s, &n) && n == 3 && l.lineno == 2, "lines: line 2");
	CHECK(lines_next(&l, &s, &n) && n == 0 && l.lineno == 3,
	      "lines: empty line 3");
	CHECK(lines_next(&l, &s, &n) && n == 4 && l.lineno == 4,
	      "lines: last line without newline");
	CHECK(!lines_next(&l, &s, &n), "lines: end");
	err_clear(&e);
	CHECK(lines_validate("a\nb\rc\n", 6, &e) < 0 && e.line == 2 && e.col == 2,
	      "lines_validate: bare CR at 2:2");
	err_clear(&e);
	CHECK(lines_validate("ok\nx\xffy\n", 7, &e) < 0 && e.line == 2 && e.col == 2,
	      "lines_validate: invalid UTF-8 at 2:2");
	err_clear(&e);
	CHECK(lines_validate("", 0, &e) < 0 && strstr(e.msg, "empty"),
	      "lines_validate: empty file");
}

static void test_buf(void)
{
	struct buf b;

	buf_init(&b, 8);
	CHECK(buf_adds(&b, "12345678") == 0 && b.len == 8, "buf: fills to max");
	CHECK(buf_addc(&b, 'x') < 0 && b.len == 8, "buf: refuses past max");
	CHECK(strcmp(b.data, "12345678") == 0, "buf: contents NUL-terminated");
	buf_release(&b);
	buf_init(&b, 100);
	CHECK(buf_printf(&b, "%d-%s", 42, "x") == 0 && strcmp(b.data, "42-x") == 0,
	      "buf_printf");
	buf_release(&b);
}

static void test_slug(void)
{
	char a[SLUG_MAX], b[SLUG_MAX];
	const char *p1[] = {"../../etc/passwd", NULL};
	const char *p2[] = {"<script>alert(1)</script>", NULL};
	const char *p3[] = {"EXT3", NULL}, *p4[] = {"ext3", NULL};
	const char *p5[] = {"ab", "c", NULL}, *p6[] = {"a", "bc", NULL};
	const char *p7[] = {"\xe6\x97\xa5\xe6\x9c\xac", NULL};
	char longname[300];
	const char *p8[] = {longname, NULL};

	slug_make(a, p1);
	CHECK(strchr(a, '/') == NULL && strstr(a, "..") == NULL && a[0] != '.',
	      "slug of ../../etc/passwd has no / .. or leading dot");
	CHECK(strncmp(a, "etc-passwd-", 11) == 0, "slug keeps the readable part");
	slug_make(a, p2);
	CHECK(strspn(a, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(a),
	      "slug of a script tag is letters, digits and dashes");
	slug_make(a, p3);
	slug_make(b, p4);
	CHECK(strcmp(a, b) != 0, "slugs of EXT3 and ext3 differ");
	slug_make(a, p5);
	slug_make(b, p6);
	CHECK(strcmp(a, b) != 0, "slugs of (ab,c) and (a,bc) differ");
	slug_make(a, p7);
	CHECK(a[0] == 'x' && a[1] == '-', "slug of a non-ASCII name is x-hash");
	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	slug_make(a, p8);
	CHECK(strlen(a) == SLUG_TEXT_MAX + 9, "slug of a long name is capped");
}

/* The gzip caps at their edges (the bombs themselves are in
 * tests/hardening.test.sh). */
static void test_gz_caps(void)
{
	struct err e;
	size_t mib = (size_t)1 << 20;

	err_clear(&e);
	CHECK(source_gz_check(1, SOURCE_GZ_FLOOR, 1, "x", &e) == 0,
	      "gz: any ratio up to the floor");
	CHECK(source_gz_check(1, SOURCE_GZ_FLOOR + 1, 1, "x", &e) == -1,
	      "gz: past the floor, 64 MiB from 1 byte is a bomb");
	CHECK(strstr(e.msg, "gzip bomb") != NULL, "gz: the message says why");
	CHECK(source_gz_check(mib, 200 * mib, 1, "x", &e) == 0,
	      "gz: 200x of 1 MiB passes");
	CHECK(source_gz_check(mib, 200 * mib + SOURCE_GZ_RATIO, 1, "x", &e)
	      == -1, "gz: past 200x is refused");
	CHECK(source_gz_check(10, 10, SOURCE_GZ_MEMBERS_MAX, "x", &e) == 0,
	      "gz: 256 members pass");
	CHECK(source_gz_check(10, 10, SOURCE_GZ_MEMBERS_MAX + 1, "x", &e) == -1,
	      "gz: 257 members are refused");
}

void test_core(void)
{
	test_gz_caps();
	test_sha256();
	test_build_id();
	test_numbers();
	test_utf8();
	test_textrule();
	test_quote_arg();
	test_lines();
	test_buf();
	test_slug();
}
