/*
 * test_natural.c: natural_cmp on versions and numbered names, with byte
 * order as the negative control (it gets each pair wrong).
 */
#include <string.h>

#include "../../analysis/natural.h"
#include "tap.h"

void test_natural(void)
{
	static const char *const before[][2] = {
		{"3.23.51", "4.1.10"}, {"4.1.10", "10.11"}, {"3.23.51", "10.11"},
		{"ext2", "ext10"}, {"ext3", "ext4"}, {"run9", "run10"},
		{"4.1.9", "4.1.10"}, {"a", "b"}, {"ext", "ext2"},
		{"99999999999999999999998", "99999999999999999999999"},
		{"disk 2 a", "disk 10"},
	};
	size_t i;
	int ok = 1, bytes_wrong = 0;

	for (i = 0; i < sizeof(before) / sizeof(before[0]); i++) {
		ok &= natural_cmp(before[i][0], before[i][1]) < 0 &&
		      natural_cmp(before[i][1], before[i][0]) > 0;
		bytes_wrong += strcmp(before[i][0], before[i][1]) > 0;
	}
	CHECK(ok, "natural order: 3.23.51 < 4.1.10 < 10.11, ext2 < ext10, ...");
	CHECK(bytes_wrong >= 5, "negative control: byte order gets five of those "
	      "pairs wrong");
	CHECK(natural_cmp("4.1.10", "4.1.10") == 0, "a name equals itself");
	CHECK(natural_cmp("ext02", "ext2") != 0,
	      "equal numbers written differently still differ (a total order)");
}
