export { Toaster } from "./Toaster.tsx";
export { dismissToast, type ToastInput, toast, useToast } from "./toast-store.ts";
