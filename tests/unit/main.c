/*
 * main.c: runs every unit test group; exits 1 when any check failed.
 */
#include "tap.h"

int tap_failed;

int main(void)
{
	test_core();
	test_chart();
	test_store();
	test_parsers();
	return tap_failed ? 1 : 0;
}
