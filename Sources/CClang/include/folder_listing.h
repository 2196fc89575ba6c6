#ifndef MOJIFY_FOLDER_LISTING_H
#define MOJIFY_FOLDER_LISTING_H
#include <stddef.h>

/// Reads the next entries of the open folder `descriptor` into `buffer` as the kernel lays them out (Linux's
/// `struct linux_dirent64`): the number of bytes filled, 0 at the end, -1 with `errno` set on failure (see
/// folder_listing.c).
long mojify_read_folder(int descriptor, void *buffer, size_t length);
#endif
