/* Folder listings for the walk. On Linux with the system call itself: `fdopendir` spends an `fstat` and two `fcntl`
   on each of a large tree's tens of thousands of folders, and readdir copies each name once more. Where there is no
   getdents64 (another system), where it fails before giving anything, or when asked, readdir lists the folder, its
   entries laid out as getdents64 lays them, so that the walk reads one layout. */
#include "folder_listing.h"

#include <dirent.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

/* Linux's `struct linux_dirent64`, which folder_listing.h promises whichever way a folder is read. */
struct entry {
    uint64_t inode;
    int64_t offset;
    unsigned short length;
    unsigned char type;
    char name[];
};
_Static_assert(offsetof(struct entry, length) == 16 && offsetof(struct entry, type) == 18 && offsetof(struct entry, name) == 19,
               "the walk reads entries at these offsets");

#ifdef SYS_getdents64
enum { UNDECIDED = -1, GETDENTS = 0, READDIR = 1 };
static _Atomic int way = UNDECIDED;

static int listing_way(void) {
    int current = atomic_load_explicit(&way, memory_order_relaxed);
    if (current == UNDECIDED) {
        const char *asked = getenv("MOJIFY_FOLDER_LISTING");
        current = asked && strcmp(asked, "readdir") == 0 ? READDIR : GETDENTS;
        atomic_store_explicit(&way, current, memory_order_relaxed);
    }
    return current;
}

void mojify_force_readdir(int on) {
    atomic_store_explicit(&way, on ? READDIR : GETDENTS, memory_order_relaxed);
}
#else
void mojify_force_readdir(int on) {
    (void)on;
}
#endif

void mojify_listing_begin(mojify_folder_listing *listing, int descriptor) {
    listing->descriptor = descriptor;
    listing->started = 0;
    listing->stream = NULL;
    listing->held = NULL;
}

void mojify_listing_end(mojify_folder_listing *listing) {
    if (listing->stream) closedir(listing->stream);
    listing->stream = NULL;
    listing->held = NULL;
}

/* The entries readdir gives, copied into `buffer` as getdents64 would have put them. An entry that does not fit is
   held for the next call (readdir keeps it until it is called again). */
static long read_with_readdir(mojify_folder_listing *listing, char *buffer, size_t length) {
    if (!listing->stream) {
        /* closedir closes the descriptor it was given: the stream gets a copy, the walk keeps its own. */
        int copy = dup(listing->descriptor);
        if (copy < 0) return -1;
        if (!(listing->stream = fdopendir(copy))) {
            int error = errno;
            close(copy);
            errno = error;
            return -1;
        }
    }
    size_t filled = 0;
    while (1) {
        const struct dirent *next = listing->held;
        listing->held = NULL;
        if (!next) {
            errno = 0;
            next = readdir(listing->stream);
        }
        /* A failure after some entries is reported by the next call, which meets it again. */
        if (!next) return errno && filled == 0 ? -1 : (long)filled;
        size_t name_length = strlen(next->d_name);
        size_t size = (offsetof(struct entry, name) + name_length + 1 + 7) & ~(size_t)7;
        if (filled + size > length) {
            if (filled == 0) {
                errno = EINVAL;
                return -1;
            }
            listing->held = next;
            return (long)filled;
        }
        struct entry *entry = (struct entry *)(buffer + filled);
        entry->inode = next->d_ino;
        entry->offset = 0;
        entry->length = (unsigned short)size;
#ifdef _DIRENT_HAVE_D_TYPE
        entry->type = next->d_type;
#else
        entry->type = DT_UNKNOWN;
#endif
        memcpy(entry->name, next->d_name, name_length + 1);
        filled += size;
    }
}

long mojify_listing_read(mojify_folder_listing *listing, void *buffer, size_t length) {
#ifdef SYS_getdents64
    if (!listing->stream && listing_way() == GETDENTS) {
        long filled = syscall(SYS_getdents64, listing->descriptor, buffer, length);
        /* Nothing read yet, so readdir can still list the whole folder. */
        if (filled >= 0 || listing->started) {
            listing->started = 1;
            return filled;
        }
        /* Where the call does not exist, it is not tried again. */
        if (errno == ENOSYS) mojify_force_readdir(1);
    }
#endif
    listing->started = 1;
    return read_with_readdir(listing, buffer, length);
}
