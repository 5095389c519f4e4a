// Fieldfare's service worker: push notifications only (docs/notifications.md, "Push").
// The server sends {title, body, url, tag} as the encrypted payload; a tap opens `url` in a
// Fieldfare tab (an open one if there is one). Nothing is cached here.

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Fieldfare";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      // The same tag again (a retry, a newer message) replaces the notification and rings again.
      renotify: typeof data.tag === "string",
      icon: "/icon.svg",
      data: { url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // navigate() works only in a tab this worker controls; otherwise a new tab opens.
      if (open)
        return open
          .focus()
          .then(() => open.navigate(url))
          .catch(() => self.clients.openWindow(url));
      return self.clients.openWindow(url);
    }),
  );
});
