/**
 * The weather back end wired to the configuration: Open-Meteo at
 * WEATHER_PROVIDER_URL (key WEATHER_API_KEY), one cache per process.
 */
import { getConfig } from '../config.ts';
import { createForecastHandler } from './handler.ts';
import { createOpenMeteoProvider } from './open-meteo.ts';
import { createWeatherService, type WeatherService } from './service.ts';

let service: WeatherService | undefined;
let handler: ReturnType<typeof createForecastHandler> | undefined;

function weatherService(): WeatherService {
  if (!service) {
    const config = getConfig();
    service = createWeatherService({
      provider: createOpenMeteoProvider({ baseUrl: config.WEATHER_PROVIDER_URL, apiKey: config.WEATHER_API_KEY }),
    });
  }
  return service;
}

export function handleForecastRequest(request: Request, city: string | undefined): Promise<Response> {
  handler ??= createForecastHandler(weatherService());
  return handler(request, city);
}
