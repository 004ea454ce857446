CREATE TABLE `store_offers` (
	`key` text PRIMARY KEY NOT NULL,
	`store` text NOT NULL,
	`title` text NOT NULL,
	`price` real,
	`original_price` real,
	`discount_percent` real,
	`free` integer NOT NULL,
	`image_url` text,
	`url` text,
	`starts_at` text,
	`ends_at` text,
	`fetched_at` integer NOT NULL
);
