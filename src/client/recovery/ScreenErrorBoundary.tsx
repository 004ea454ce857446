import { Component, type ReactNode } from "react";
import { Button } from "../../ui/button/index.ts";
import { focusScreen } from "../layout/screen-focus.ts";
import { ChunkLoadError } from "./chunks.ts";

interface Props {
  /** Changes when the person moves to another screen, which gets a fresh try. */
  resetKey: string;
  children: ReactNode;
}

/**
 * The screen under the shell. Instead of a blank page when a screen cannot load or throws while rendering: what happened, and a
 * Reload button that does what it says. The rest of the app (sidebar, header) stays usable.
 */
export class ScreenErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  // Moved to another screen (not the first load; the key is the path, so not a new query or hash).
  override componentDidUpdate(before: Props) {
    if (before.resetKey !== this.props.resetKey) focusScreen();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-[40vh] max-w-lg flex-col items-center justify-center gap-4 text-center"
      >
        <h1 className="font-semibold text-xl">
          {chunk ? "This screen could not be loaded" : "Something went wrong on this screen"}
        </h1>
        <p className="text-muted-foreground text-sm">
          {chunk
            ? "The server did not deliver the code for this screen. It may be restarting or updating; reload in a moment."
            : "An unexpected error stopped this screen. Reloading the page usually fixes it."}
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
