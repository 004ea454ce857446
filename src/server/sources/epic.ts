import { z } from "zod";
import type { StoreOffer } from "../../contracts/sources.ts";
import { type BaseOverrides, baseUrl, limiterFor, requestJson, SourceError, validEach } from "./http.ts";
import { plainName } from "./plain-text.ts";

/**
 * Epic Games Store free-games promotions (public, no key). The answer is undocumented: parsing keeps
 * to the fields below, and a record without them is skipped.
 */

const Offer = z.object({
  startDate: z.string(),
  endDate: z.string(),
  discountSetting: z.object({ discountPercentage: z.number() }).partial().optional(),
});

const Element = z.object({
  id: z.string(),
  title: z.string().min(1),
  productSlug: z.string().nullable().optional(),
  urlSlug: z.string().nullable().optional(),
  offerMappings: z
    .array(z.object({ pageSlug: z.string() }).partial())
    .nullable()
    .optional(),
  keyImages: z.array(z.object({ type: z.string(), url: z.string() })).optional(),
  price: z
    .object({
      totalPrice: z.object({
        discountPrice: z.number().nonnegative(),
        originalPrice: z.number().nonnegative(),
      }),
    })
    .optional(),
  promotions: z
    .object({
      promotionalOffers: z.array(z.object({ promotionalOffers: z.array(Offer) })).optional(),
    })
    .nullable()
    .optional(),
});

export class EpicClient {
  readonly limiter = limiterFor("epic");
  constructor(private readonly config: { bases?: BaseOverrides } = {}) {}

  /** Games free right now: a promotion running at `now` that takes the price to zero. */
  async freeGames(now = Date.now()): Promise<StoreOffer[]> {
    const body = (await requestJson(
      `${baseUrl("epic", this.config.bases)}/freeGamesPromotions?locale=en-US&country=US&allowCountries=US`,
      {},
      { service: "epic", limiter: this.limiter },
    )) as { data?: { Catalog?: { searchStore?: { elements?: unknown } } } } | null;
    const elements = body?.data?.Catalog?.searchStore?.elements;
    if (elements === undefined) throw new SourceError("epic", "the promotions answer was not understood");
    return validEach("epic", elements, Element, (e) => toOffer(e, now), "offers").filter((o) => o.free);
  }
}

function toOffer(e: z.output<typeof Element>, now: number): StoreOffer {
  const offers = e.promotions?.promotionalOffers?.flatMap((p) => p.promotionalOffers) ?? [];
  const running = offers.find((o) => Date.parse(o.startDate) <= now && Date.parse(o.endDate) > now);
  const price = e.price?.totalPrice;
  const slug = e.productSlug || e.offerMappings?.find((m) => m.pageSlug)?.pageSlug || e.urlSlug;
  return {
    store: "Epic",
    id: e.id,
    title: plainName(e.title),
    price: price ? price.discountPrice / 100 : null,
    originalPrice: price ? price.originalPrice / 100 : null,
    // Epic's discountPercentage is the share of the price paid (0 = free).
    discountPercent:
      running?.discountSetting?.discountPercentage != null
        ? 100 - running.discountSetting.discountPercentage
        : null,
    free:
      !!running && (price ? price.discountPrice === 0 : running.discountSetting?.discountPercentage === 0),
    imageUrl:
      e.keyImages?.find((k) => k.type === "OfferImageWide")?.url ??
      e.keyImages?.find((k) => k.type === "Thumbnail")?.url ??
      null,
    url: slug ? `https://store.epicgames.com/p/${slug}` : null,
    startsAt: running?.startDate ?? null,
    endsAt: running?.endDate ?? null,
  };
}
