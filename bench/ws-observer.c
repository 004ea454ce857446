/*
 * Client side of the broadcast bench (bench/ws-broadcast.bench.ts) in C: the same observer as
 * bench/ws-clients.ts, with what it costs per message cut to an epoll wake-up, one read and a few
 * byte comparisons. On loopback the clients share the machine's cores with the server under test,
 * so every microsecond they spend per socket is one the server does not get; the bench uses this
 * observer for every server alike when a C compiler is present (it compiles it at start).
 *
 * Same protocol as ws-clients.ts: opens N sockets, 250 at a time, upgrades each to WebSocket (plain
 * TCP, a hand-written handshake), subscribes it to `trending_games`, prints `READY <confirmed>`, then
 * for every broadcast `DONE <seq> <first arrival> <last arrival>` once all its sockets have it, in
 * ms since the Unix epoch (CLOCK_REALTIME: the clock `performance.timeOrigin + performance.now()`
 * follows in the servers). Each arrival is timed right after epoll reports the socket readable,
 * before anything is parsed. Answers pings. Build: cc -O2 -o ws-observer bench/ws-observer.c
 * Args: <host> <port> <path> <cookie or ""> <origin> <count>
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define BATCH 250
#define RING 64

static const char UPDATE_PREFIX[] = "{\"type\":\"channel_update\",\"channel\":\"trending_games\",\"data\":{\"seq\":";
static const char CONFIRMED_PREFIX[] = "{\"type\":\"subscription_confirmed\"";
static const char SUBSCRIBE[] = "{\"type\":\"subscribe\",\"channels\":[\"trending_games\"]}";

struct conn {
  int fd;
  int upgraded;
  size_t len; /* bytes of an incomplete frame (or handshake) kept in buf */
  size_t cap;
  unsigned char *buf;
};

struct seen {
  long seq;
  long n;
  double first, last;
};

static long count;
static long confirmed;
static struct seen ring[RING];

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void die(const char *what) {
  perror(what);
  exit(1);
}

static void send_all(int fd, const void *data, size_t len) {
  const char *p = data;
  while (len > 0) {
    ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      die("send");
    }
    p += n;
    len -= (size_t)n;
  }
}

/* A client frame: always masked (RFC 6455 §5.3); the zero mask keeps the payload as it is. */
static void send_frame(int fd, int opcode, const unsigned char *payload, size_t len) {
  unsigned char frame[6 + 125];
  if (len > 125) len = 125;
  frame[0] = (unsigned char)(0x80 | opcode);
  frame[1] = (unsigned char)(0x80 | len);
  memset(frame + 2, 0, 4);
  memcpy(frame + 6, payload, len);
  send_all(fd, frame, 6 + len);
}

static void arrived(long seq, double at) {
  struct seen *s = &ring[seq % RING];
  if (s->seq != seq) {
    s->seq = seq;
    s->n = 0;
    s->first = at;
  }
  s->n++;
  s->last = at;
  if (s->n == count) {
    printf("DONE %ld %.3f %.3f\n", seq, s->first, s->last);
    fflush(stdout);
  }
}

static int starts_with(const unsigned char *p, size_t len, const char *prefix) {
  size_t n = strlen(prefix);
  return len >= n && memcmp(p, prefix, n) == 0;
}

/* Reads every complete frame in c->buf; keeps the unread tail. */
static void read_frames(struct conn *c, double at) {
  size_t off = 0;
  while (c->len - off >= 2) {
    unsigned char *b = c->buf + off;
    int opcode = b[0] & 0x0f;
    size_t length = b[1] & 0x7f;
    size_t start = 2;
    if (length == 126) {
      if (c->len - off < 4) break;
      length = ((size_t)b[2] << 8) | b[3];
      start = 4;
    } else if (length == 127) {
      if (c->len - off < 10) break;
      length = 0;
      for (int i = 0; i < 8; i++) length = (length << 8) | b[2 + i];
      start = 10;
    }
    if (c->len - off < start + length) break;
    unsigned char *payload = b + start;
    if (opcode == 0x1) {
      if (starts_with(payload, length, UPDATE_PREFIX)) {
        long seq = 0;
        for (size_t i = sizeof UPDATE_PREFIX - 1; i < length && payload[i] >= '0' && payload[i] <= '9'; i++)
          seq = seq * 10 + (payload[i] - '0');
        arrived(seq, at);
      } else if (starts_with(payload, length, CONFIRMED_PREFIX)) {
        confirmed++;
      }
    } else if (opcode == 0x9) {
      send_frame(c->fd, 0xa, payload, length);
    }
    off += start + length;
  }
  memmove(c->buf, c->buf + off, c->len - off);
  c->len -= off;
}

static void on_readable(struct conn *c) {
  double at = now_ms();
  for (;;) {
    if (c->cap - c->len < 4096) {
      c->cap *= 2;
      c->buf = realloc(c->buf, c->cap);
      if (!c->buf) die("realloc");
    }
    ssize_t n = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) break;
      if (errno == EINTR) continue;
      die("recv");
    }
    if (n == 0) {
      fprintf(stderr, "ws-observer: a socket was closed by the server\n");
      exit(1);
    }
    c->len += (size_t)n;
  }
  if (!c->upgraded) {
    unsigned char *end = memmem(c->buf, c->len, "\r\n\r\n", 4);
    if (!end) return;
    if (c->len < 12 || memcmp(c->buf, "HTTP/1.1 101", 12) != 0) {
      fprintf(stderr, "ws-observer: upgrade refused: %.*s\n", (int)c->len, c->buf);
      exit(1);
    }
    c->upgraded = 1;
    send_frame(c->fd, 0x1, (const unsigned char *)SUBSCRIBE, strlen(SUBSCRIBE));
    size_t head = (size_t)(end - c->buf) + 4;
    memmove(c->buf, c->buf + head, c->len - head);
    c->len -= head;
  }
  read_frames(c, at);
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: ws-observer <host> <port> <path> <cookie> <origin> <count>\n");
    return 2;
  }
  const char *host = argv[1], *port = argv[2], *path = argv[3], *cookie = argv[4], *origin = argv[5];
  count = atol(argv[6]);
  for (int i = 0; i < RING; i++) ring[i].seq = -1;

  struct addrinfo hints = {0}, *addr;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, port, &hints, &addr) != 0) die("getaddrinfo");

  int ep = epoll_create1(0);
  if (ep < 0) die("epoll_create1");
  struct conn *conns = calloc((size_t)count, sizeof *conns);
  struct epoll_event *events = calloc(1024, sizeof *events);
  char request[2048];
  int request_len =
      snprintf(request, sizeof request,
               "GET %s HTTP/1.1\r\nHost: %s:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
               "Origin: %s\r\n%s%s%s\r\n",
               path, host, port, origin, *cookie ? "Cookie: " : "", cookie, *cookie ? "\r\n" : "");

  for (long opened = 0; opened < count;) {
    long batch_end = opened + BATCH < count ? opened + BATCH : count;
    for (; opened < batch_end; opened++) {
      struct conn *c = &conns[opened];
      c->fd = socket(addr->ai_family, SOCK_STREAM, 0);
      if (c->fd < 0) die("socket");
      if (connect(c->fd, addr->ai_addr, addr->ai_addrlen) < 0) die("connect");
      int one = 1;
      setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      send_all(c->fd, request, (size_t)request_len);
      fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
      c->cap = 8192;
      c->buf = malloc(c->cap);
      struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
      if (epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev) < 0) die("epoll_ctl");
    }
    /* As browsers arriving would: the next 250 once these are subscribed. */
    while (confirmed < opened) {
      int n = epoll_wait(ep, events, 1024, -1);
      if (n < 0 && errno != EINTR) die("epoll_wait");
      for (int i = 0; i < n; i++) on_readable(events[i].data.ptr);
    }
  }
  printf("READY %ld\n", confirmed);
  fflush(stdout);
  for (;;) {
    int n = epoll_wait(ep, events, 1024, -1);
    if (n < 0) {
      if (errno == EINTR) continue;
      die("epoll_wait");
    }
    for (int i = 0; i < n; i++) on_readable(events[i].data.ptr);
  }
}
