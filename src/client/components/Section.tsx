import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card/index.ts";

/** A titled card around one part of a screen. */
export function Section({
  title,
  description,
  titleId,
  children,
}: {
  title: string;
  description?: string | undefined;
  /** Gives the title this id and lets a script focus it (a new result's heading, say). */
  titleId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId} tabIndex={titleId ? -1 : undefined}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
