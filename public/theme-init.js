// Applies the remembered theme before the first paint (a file, not inline, to keep the CSP strict).
(() => {
  try {
    const t = localStorage.getItem("gi-theme") || "dark";
    const light = t === "light" || (t === "auto" && matchMedia("(prefers-color-scheme: light)").matches);
    document.documentElement.classList.toggle("light", light);
    document.documentElement.classList.toggle("dark", !light);
  } catch {}
})();
