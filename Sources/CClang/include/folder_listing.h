#ifndef MOJIFY_FOLDER_LISTING_H
#define MOJIFY_FOLDER_LISTING_H
#include <stddef.h>

/// One folder's listing in progress, kept by its caller: begun with `mojify_listing_begin`, read with
/// `mojify_listing_read`, ended with `mojify_listing_end` (see folder_listing.c).
typedef struct {
    int descriptor;
    /// Whether `mojify_listing_read` has handed back entries yet.
    int started;
    /// The readdir stream (`DIR *`) when the folder is read that way, else NULL.
    void *stream;
    /// The entry readdir gave that did not fit in the last buffer.
    const void *held;
} mojify_folder_listing;

/// Begins listing the open folder `descriptor`, which stays the caller's to close after `mojify_listing_end`.
void mojify_listing_begin(mojify_folder_listing *listing, int descriptor);
/// Reads the next entries into `buffer`, laid out as Linux's `struct linux_dirent64` (the entry's length as 2 bytes at
/// offset 16, its type at 18, its name from 19 with a 0 after it) however the folder is read: the number of bytes
/// filled, 0 at the end, -1 with `errno` set on failure.
long mojify_listing_read(mojify_folder_listing *listing, void *buffer, size_t length);
void mojify_listing_end(mojify_folder_listing *listing);

/// Lists folders with readdir instead of the getdents64 system call (when `on` is not 0), as where that call is
/// missing; the tests list the same trees both ways. The environment variable MOJIFY_FOLDER_LISTING=readdir does the
/// same for a whole run.
void mojify_force_readdir(int on);
#endif
