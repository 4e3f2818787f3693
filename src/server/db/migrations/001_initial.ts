import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db, type Table } from './tools.ts';

export function initialMigration(dialect: Dialect) {
  const { now, table: newTable } = migrationTools(dialect);
  const createdAt = (t: Table): Table => t.addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now));

  return {
    async up(db: Db): Promise<void> {
      const table = (name: string) => newTable(db, name);

      await table('images')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('alt_ar', 'text', (c) => c.notNull())
        .addColumn('alt_fr', 'text', (c) => c.notNull())
        .addColumn('credit', 'text')
        .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('color', 'text', (c) => c.notNull().defaultTo('#888888'))
        .execute();

      await table('videos')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('duration_s', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('poster_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('captions', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();

      await table('authors')
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('role_ar', 'text', (c) => c.notNull())
        .addColumn('role_fr', 'text', (c) => c.notNull())
        .execute();

      await table('tags')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('translation_key', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('is_call_for_tenders', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('tags_lang_slug', ['lang', 'slug'])
        .execute();

      await table('master_tags')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('translation_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('route_name', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('master_tags.id'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('master_tags_lang_route', ['lang', 'route_name'])
        .execute();

      await table('dossiers')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('translation_key', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('cover_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(createdAt)
        .execute();

      await table('articles')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('translation_key', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addColumn('cover_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('video_id', 'integer', (c) => c.references('videos.id'))
        .addColumn('master_tag_id', 'integer', (c) => c.references('master_tags.id'))
        .addColumn('dossier_id', 'integer', (c) => c.references('dossiers.id'))
        .addColumn('author_id', 'integer', (c) => c.references('authors.id'))
        .addColumn('programme_id', 'integer')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('articles_lang_slug', ['lang', 'slug'])
        .execute();
      await db.schema.createIndex('articles_published').on('articles').columns(['lang', 'status', 'published_at']).execute();
      await db.schema.createIndex('articles_master_tag').on('articles').columns(['master_tag_id', 'published_at']).execute();
      await db.schema.createIndex('articles_author').on('articles').columns(['author_id', 'published_at']).execute();
      await db.schema.createIndex('articles_dossier').on('articles').columns(['dossier_id']).execute();
      await db.schema.createIndex('articles_translation').on('articles').columns(['translation_key']).execute();

      await db.schema
        .createTable('article_tags')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('article_tags_pk', ['article_id', 'tag_id'])
        .execute();
      await db.schema.createIndex('article_tags_tag').on('article_tags').columns(['tag_id', 'article_id']).execute();

      await db.schema
        .createTable('article_images')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('caption', 'text')
        .addPrimaryKeyConstraint('article_images_pk', ['article_id', 'image_id'])
        .execute();

      await table('home_sections')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('master_tag_id', 'integer', (c) => c.references('master_tags.id'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('home_sections_kind').on('home_sections').columns(['lang', 'kind', 'position']).execute();

      await table('breaking_news')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text')
        .execute();

      await table('live_channels')
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('stream_url', 'text')
        .addColumn('poster_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await table('programmes')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title_ar', 'text', (c) => c.notNull())
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('description_ar', 'text', (c) => c.notNull())
        .addColumn('description_fr', 'text', (c) => c.notNull())
        .addColumn('genre', 'text', (c) => c.notNull())
        .addColumn('cover_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('poster_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('schedule_ar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('schedule_fr', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(createdAt)
        .execute();

      await table('episodes')
        .addColumn('programme_id', 'integer', (c) => c.notNull().references('programmes.id').onDelete('cascade'))
        .addColumn('season', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('title_ar', 'text', (c) => c.notNull())
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('description_ar', 'text', (c) => c.notNull())
        .addColumn('description_fr', 'text', (c) => c.notNull())
        .addColumn('video_id', 'integer', (c) => c.references('videos.id'))
        .addColumn('thumbnail_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('episodes_programme').on('episodes').columns(['programme_id', 'season', 'number']).execute();

      await table('jt_bulletins')
        .addColumn('edition', 'text', (c) => c.notNull())
        .addColumn('air_date', 'text', (c) => c.notNull())
        .addColumn('air_time', 'text', (c) => c.notNull())
        .addColumn('title_ar', 'text', (c) => c.notNull())
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('description_ar', 'text', (c) => c.notNull())
        .addColumn('description_fr', 'text', (c) => c.notNull())
        .addColumn('video_id', 'integer', (c) => c.references('videos.id'))
        .addColumn('thumbnail_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('jt_edition_date').on('jt_bulletins').columns(['edition', 'published_at']).execute();

      await table('web_video_tags')
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await table('web_videos')
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('web_video_tags.id'))
        .addColumn('title_ar', 'text', (c) => c.notNull())
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('description_ar', 'text', (c) => c.notNull())
        .addColumn('description_fr', 'text', (c) => c.notNull())
        .addColumn('video_id', 'integer', (c) => c.references('videos.id'))
        .addColumn('thumbnail_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('web_videos_tag').on('web_videos').columns(['tag_id', 'published_at']).execute();

      await table('grid_entries')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('title_ar', 'text', (c) => c.notNull())
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('genre', 'text', (c) => c.notNull())
        .addColumn('programme_id', 'integer', (c) => c.references('programmes.id').onDelete('set null'))
        .addColumn('episode_id', 'integer', (c) => c.references('episodes.id').onDelete('set null'))
        .addColumn('is_live', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('grid_day').on('grid_entries').columns(['day', 'starts_at']).execute();

      await table('starlight_seasons')
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('title_ar', 'text', (c) => c.notNull())
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('description_ar', 'text', (c) => c.notNull())
        .addColumn('description_fr', 'text', (c) => c.notNull())
        .addColumn('cover_image_id', 'integer', (c) => c.references('images.id'))
        .execute();

      await table('starlight_people')
        .addColumn('season_id', 'integer', (c) => c.notNull().references('starlight_seasons.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('city_ar', 'text', (c) => c.notNull())
        .addColumn('city_fr', 'text', (c) => c.notNull())
        .addColumn('bio_ar', 'text', (c) => c.notNull())
        .addColumn('bio_fr', 'text', (c) => c.notNull())
        .addColumn('photo_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await table('starlight_videos')
        .addColumn('season_id', 'integer', (c) => c.notNull().references('starlight_seasons.id'))
        .addColumn('person_id', 'integer', (c) => c.references('starlight_people.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title_ar', 'text', (c) => c.notNull())
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('video_id', 'integer', (c) => c.references('videos.id'))
        .addColumn('thumbnail_image_id', 'integer', (c) => c.references('images.id'))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await table('static_pages')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('static_pages_lang_page', ['lang', 'page'])
        .execute();

      await table('ad_tags')
        .addColumn('tag_id', 'integer')
        .addColumn('programme_id', 'integer')
        .addColumn('pub_code', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();

      await table('users')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('birth_date', 'text')
        .addColumn('sexe', 'text')
        .addColumn('social_provider', 'text')
        .addColumn('social_id', 'text')
        .$call(createdAt)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await table('newsletter_contacts')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .$call(createdAt)
        .addColumn('confirmed_at', 'text')
        .execute();

      await table('form_submissions')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .$call(createdAt)
        .execute();

      await table('click_events')
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .$call(createdAt)
        .execute();

      await table('play_events')
        .addColumn('connexion_mode', 'text', (c) => c.notNull())
        .addColumn('content_id', 'text', (c) => c.notNull())
        .addColumn('video_file_url', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('click_source', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('click_date', 'integer', (c) => c.notNull())
        .addColumn('page_url', 'text', (c) => c.notNull())
        .$call(createdAt)
        .execute();
      await db.schema.createIndex('play_events_content').on('play_events').columns(['content_type', 'content_id']).execute();
    },
  };
}
